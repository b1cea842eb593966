// Timing helpers shared by the bench scripts.

/** The median of some timings (the upper one of an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs fn and answers its value with the milliseconds it took. */
export const timed = async <T>(fn: () => Promise<T>) => {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
};
