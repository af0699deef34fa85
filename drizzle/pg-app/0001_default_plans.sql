-- The plans every installation starts with (operators edit them with `npm run cli -- plans set`).
INSERT INTO "app"."plans" ("name", "rpm", "fee_bps", "streams") VALUES
  ('free', 30, 150, false),
  ('starter', 120, 90, false),
  ('trader', 300, 50, true),
  ('elite', 1200, 30, true),
  ('developer', NULL, 10, true)
ON CONFLICT ("name") DO NOTHING;
