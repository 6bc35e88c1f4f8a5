/**
 * The orders / customers / analytics load of issue 8, for `npm run bench -- --orders-load`: on a database already
 * seeded with the demo vendor (1,000,000 orders), `clients` (50) keep-alive clients read one endpoint at a time
 * for `seconds`, alternating with the server's static JSON route (GET /healthz) in ONE run, so every figure
 * has a static figure measured next to it. Reports req/s, p50, p99 and the ratio of req/s to the static route's.
 */
import { runLoad, signInDemo, startLoadServer } from './bench-load';

type Figure = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  staticRps: number;
  /** The static route's p99 in the same stretch: what the machine itself allowed then. */
  staticP99: number;
};

export async function ordersLoad(opts: {
  serverDir: string;
  workDir: string;
  port: number;
  env: Record<string, string>;
  clients: number;
  seconds: number;
  waitReady: (url: string, child: import('node:child_process').ChildProcess) => Promise<void>;
}): Promise<Figure[]> {
  const server = startLoadServer({
    serverDir: opts.serverDir,
    workDir: opts.workDir,
    port: opts.port,
    env: opts.env,
  });
  try {
    await opts.waitReady(`http://127.0.0.1:${opts.port}/readyz`, server.child);
    const { token, vendorId } = await signInDemo(opts.port);
    const v = `/api/v1/vendors/${vendorId}`;
    const first = async <T>(path: string) => {
      const res = await fetch(`http://127.0.0.1:${opts.port}${v}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await res.json()) as T;
    };
    const list = await first<{ orders: { id: string; customer: { id: string; name: string } }[] }>(
      '/orders?limit=1',
    );
    const order = list.orders[0];
    const name = order?.customer.name.split(' ')[0]?.toLowerCase() ?? 'anna';
    const endpoints: [string, string][] = [
      ['dashboard stats', '/dashboard/stats'],
      ['dashboard activity', '/dashboard/activity?limit=5'],
      ['orders list, page 1', '/orders'],
      ['orders list, status=processing', '/orders?status=processing'],
      [`orders list, search "${name}"`, `/orders?search=${encodeURIComponent(name)}`],
      ['order detail', `/orders/${order?.id}`],
      ['customers list', '/customers'],
      ['analytics overview 30d', '/analytics?period=30d'],
      ['chart revenue 30d', '/analytics/charts/revenue?period=30d'],
      ['chart top-products 30d', '/analytics/charts/top-products?period=30d&limit=10'],
      ['chart customer-metrics 30d', '/analytics/charts/customer-metrics?period=30d'],
      ['chart category-performance 30d', '/analytics/charts/category-performance?period=30d'],
    ];
    const run = async (path: string) => {
      const { load } = await runLoad({
        port: opts.port,
        token,
        paths: [path],
        clients: opts.clients,
        durationMs: opts.seconds * 1000,
      });
      const ok = load.statuses['200'] ?? 0;
      if (ok !== load.requests) throw new Error(`${path}: ${JSON.stringify(load.statuses)}`);
      return { rps: Math.round(load.requests / load.seconds), p50: load.p50, p99: load.p99 };
    };
    const figures: Figure[] = [];
    for (const [label, path] of endpoints) {
      const base = await run('/healthz');
      const measured = await run(`${v}${path}`);
      figures.push({ name: label, ...measured, staticRps: base.rps, staticP99: base.p99 });
      console.log(
        `  ${label}: ${measured.rps} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms; static ${base.rps} req/s, p99 ${base.p99} ms (${Math.round((measured.rps / base.rps) * 100)}%)`,
      );
    }
    return figures;
  } finally {
    await server.stop();
  }
}
