const mb = () => Math.round(process.memoryUsage().rss / 1048576);
console.log('before', mb());
const { PGlite } = await import('@electric-sql/pglite');
console.log('pglite imported', mb());
const db = new PGlite('/tmp/rss-data/pglite');
await db.waitReady;
console.log('pglite open', mb(), JSON.stringify(Object.keys(db)).slice(0, 100));
await db.query('select count(*) from orders');
console.log('query', mb());
