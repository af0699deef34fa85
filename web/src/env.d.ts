/// <reference types="vite/client" />

/** The page's Fluent sources by language, made at build time by web/build/locales-plugin.ts. */
declare module 'virtual:app-locales' {
  const sources: Record<string, string>;
  export default sources;
}
