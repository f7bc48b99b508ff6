// The Node.js the project needs (package.json engines: >=22.12): vitest 5, jsdom 31 and msw 3 do
// not run on Node 20. One check for `npm start` and `npm test`.

/**
 * Exits with one line naming the command and the fix when this Node.js is too old.
 * @param {string} command what the person ran, e.g. "npm start"
 */
export function assertNodeVersion(command) {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 12)) return;
  console.error(
    `${command} needs Node.js 22.12 or newer (this is ${process.versions.node}). ` +
      `Install Node 22 LTS (for example \`nvm use\`, which reads .nvmrc) and run ${command} again.`,
  );
  process.exit(1);
}
