import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// What /metrics counts in memory (docs/decisions/163): every answer by route pattern, method and
// status class with its time, and every score written. Per process: with WORKERS above 1 each
// process counts its own.

/** The histogram's upper bounds, in seconds. */
export const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** The route label of a request no route answered (a 404, the web app's pages). */
export const OTHER_ROUTE = 'lain';

/** The score-writing kinds of `config.live` (the examiners' scores and the committee's corrections). */
const SCORE_WRITES = ['nilai', 'koreksi'] as const;
type ScoreWrite = (typeof SCORE_WRITES)[number];
const isScoreWrite = (value: unknown): value is ScoreWrite => SCORE_WRITES.includes(value as ScoreWrite);

/** One histogram series: a route pattern, a method and a status class. */
export interface RequestSeries {
  method: string;
  route: string;
  status: string;
  /** Answers at or under each of BUCKETS (cumulative). */
  buckets: number[];
  sum: number;
  count: number;
}

/** The counters one process keeps. */
export class RequestMetrics {
  readonly series = new Map<string, RequestSeries>();
  readonly scoreWrites: Record<ScoreWrite, number> = { nilai: 0, koreksi: 0 };

  /** Counts one answer that took `seconds`. */
  observe(method: string, route: string, status: string, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let series = this.series.get(key);
    if (!series) {
      series = { method, route, status, buckets: BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    BUCKETS.forEach((bound, i) => {
      if (seconds <= bound) (series.buckets[i] as number)++;
    });
    series.sum += seconds;
    series.count++;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What /metrics reports of this process's requests. */
    requestMetrics: RequestMetrics;
  }
}

/** Decorates app.requestMetrics and, when /metrics is on (METRICS_TOKEN), counts every answer. */
export const requestMetricsPlugin = fp(async (app: FastifyInstance) => {
  const metrics = new RequestMetrics();
  app.decorate('requestMetrics', metrics);
  // Off, nothing is added to a request's way.
  if (!app.config.metricsToken) return;
  app.addHook('onResponse', async (request, reply) => {
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    metrics.observe(
      request.method,
      request.routeOptions.url ?? OTHER_ROUTE,
      status,
      reply.elapsedTime / 1000,
    );
    const live = request.routeOptions.config?.live;
    if (isScoreWrite(live) && reply.statusCode < 300) metrics.scoreWrites[live]++;
  });
});
