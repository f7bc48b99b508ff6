/**
 * A process that acknowledges chat messages through the journal and then dies before the
 * archive gets them (journaledArchive.test.ts): its database never finishes an apply. Prints one
 * JSON line per acknowledged message (`{ clientId, id }`), then `done`, and waits to be killed.
 * Arguments: DATA_DIR, the number of messages, the sender and recipient uuids.
 */
import { openDatabase } from '../../db/client.js';
import { JournaledArchive } from '../journaledArchive.js';
import { directMessage } from './messages.js';

const [dataDir = '', count = '0', sender = '', recipient = ''] = process.argv.slice(2);
const db = await openDatabase({ dataDir });
const neverApplied: typeof db = {
  ...db,
  query: (text, params) =>
    text.includes('chat_apply_batch') ? new Promise(() => {}) : db.query(text, params),
};
const archive = await JournaledArchive.open(neverApplied, {
  dir: dataDir,
  segmentBytes: 1024 * 1024,
});
for (let i = 1; i <= Number(count); i++) {
  const clientId = `killed-${String(i)}`;
  const stored = await archive.write(directMessage(sender, recipient, clientId));
  process.stdout.write(JSON.stringify({ clientId, id: stored.id }) + '\n');
}
process.stdout.write('done\n');
setInterval(() => {}, 1000);
