-- The plans every installation starts with (operators edit them with `npm run cli -- plans set`);
-- a plan that exists, edited or not, is left as it is.
INSERT INTO `plans` (`name`, `rpm`, `fee_bps`, `streams`) VALUES
  ('free', 30, 150, 0),
  ('starter', 120, 90, 0),
  ('trader', 300, 50, 1),
  ('elite', 1200, 30, 1),
  ('developer', NULL, 10, 1)
ON CONFLICT (`name`) DO NOTHING;
