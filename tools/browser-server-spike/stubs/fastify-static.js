// STUB for @fastify/static (src/http/static.ts serves apps/web/dist): no web app served here.
import fp from 'fastify-plugin';
export default fp(async () => {}, { name: '@fastify/static' });
