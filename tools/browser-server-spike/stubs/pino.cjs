// STUB for pino: its browser build lacks `pino.symbols`, which fastify/lib/logger-pino.js
// destructures at load (CommonJS so Fastify's require() gets the function itself).
const pino = require('../../../node_modules/pino/browser.js');
pino.symbols = { serializersSym: Symbol.for('pino.serializers') };
pino.destination = () => { throw new Error('pino.destination: not in the browser'); };
module.exports = pino;
