export const lookup = (_h, _o, cb) => (cb || _o)(new Error('dns: not in the browser'));
export const promises = { lookup: async () => { throw new Error('dns'); } };
export default { lookup, promises };
