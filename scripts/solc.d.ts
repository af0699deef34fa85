// The two calls of the solc npm package this project makes (the package ships no types).
declare module 'solc' {
  const solc: {
    /** Standard JSON in, standard JSON out. */
    compile(input: string): string;
    version(): string;
  };
  export default solc;
}
