// The part of Eleventy 3's programmatic API the peer probe uses (the package ships no types).
declare module '@11ty/eleventy' {
  export default class Eleventy {
    constructor(
      input: string,
      output: string,
      options?: {
        quietMode?: boolean;
        config?: (config: { addGlobalData(name: string, value: unknown): void }) => void;
      },
    );
    write(): Promise<unknown>;
  }
}
