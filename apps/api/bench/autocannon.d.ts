// The parts of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Array<{ setupRequest?: (req: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown> }>;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
