import {
  MAX_FILE_SIZE_BYTES,
  TEXTS,
  fileTooLargeMessage,
  type OutgoingContent,
} from '@pando/domain';
import { describe, expect, it } from 'vitest';
import type { ChatFile, ChatUploads, ConversationMeta } from './environment';
import { ChatSendError, Sends } from './sends';
import { createTestCore } from './testing/harness';

const forum: ConversationMeta = {
  address: 'juniors@muclight.pando.test',
  kind: 'forum',
  name: 'Junior Doctors Forum',
  id: 9,
  isMember: false,
};
const bob: ConversationMeta = { address: 'bob@pando.test', kind: 'direct', name: 'Bob', id: 2 };

function picked(name: string, size: number): ChatFile {
  return Object.defineProperties(new Blob([new Uint8Array(8)], { type: 'image/png' }), {
    name: { value: name },
    size: { value: size },
  }) as ChatFile;
}

function setup(options: { uploads?: ChatUploads; joinForum?: () => Promise<void> } = {}) {
  const t = createTestCore();
  const queued: { address: string; content: OutgoingContent; id: string }[] = [];
  const progress: (Record<string, number> | undefined)[] = [];
  let ids = 0;
  const sends = new Sends({
    core: {
      ...t.core,
      set: (patch) => {
        if (patch.uploads) progress.push(patch.uploads);
        t.core.set(patch);
      },
    },
    enqueue: (address, content, id) => {
      queued.push({ address, content, id });
      return { id, from: 'me@pando.test', to: address, type: 'chat' };
    },
    createId: () => `id${++ids}`,
    joinForum: options.joinForum,
    uploads: options.uploads,
  });
  sends.register([forum, bob]);
  return { ...t, sends, queued, progress };
}

describe('Sends — sending from the composer (spec 01 §3-§7)', () => {
  it('the first message into a forum joins it first, once', async () => {
    let joins = 0;
    const s = setup({
      joinForum: () => {
        joins++;
        return Promise.resolve();
      },
    });
    await s.sends.sendText(forum.address, 'hello');
    await s.sends.sendText(forum.address, 'again');
    expect(joins).toBe(1);
    expect(s.queued.map((q) => q.content)).toEqual([
      { kind: 'text', text: 'hello' },
      { kind: 'text', text: 'again' },
    ]);
  });

  it('a forum join that fails sends nothing and says the send failed', async () => {
    const s = setup({ joinForum: () => Promise.reject(new Error('403')) });
    await expect(s.sends.sendText(forum.address, 'hello')).rejects.toThrow(ChatSendError);
    expect(s.queued).toEqual([]);
    expect(s.notices).toEqual([{ kind: 'error', message: TEXTS.sendFailed }]);
  });

  it('blank text is not sent; a patient card is refused in a forum', async () => {
    const s = setup();
    await expect(s.sends.sendText(bob.address, '   ')).rejects.toThrow(ChatSendError);
    const card = {
      card_id: 12,
      card_title: 'Bed 4',
      patient_dob: null,
      patient_gender: null,
      patient_identificator: null,
    };
    await expect(s.sends.sendPatientCard(forum.address, card)).rejects.toThrow(ChatSendError);
    expect(s.notices).toEqual([{ kind: 'error', message: TEXTS.cannotSharePatientInForum }]);
    expect(s.queued).toEqual([]);
  });

  it('an image: progress under the message id it will have, cleared when sent', async () => {
    const s = setup({
      uploads: {
        createChatImage: () => Promise.resolve({ id: 41 }),
        uploadChatImage: (_id, _image, onProgress) => {
          onProgress(0.5);
          onProgress(1.5);
          return Promise.resolve();
        },
        shareChatImage: () => Promise.resolve(),
        uploadFile: () => Promise.resolve({ id: 1 }),
      },
    });
    await s.sends.sendImage(bob.address, picked('xray.png', 1000));
    expect(s.progress).toEqual([{ id1: 0 }, { id1: 0.5 }, { id1: 1 }, {}]);
    expect(s.queued).toEqual([
      {
        address: bob.address,
        content: { kind: 'image', imageId: '41', filename: 'xray.png' },
        id: 'id1',
      },
    ]);
  });

  it('a file over the limit is skipped with a notice naming it; a failed upload says so', async () => {
    const s = setup({
      uploads: {
        createChatImage: () => Promise.reject(new Error('500')),
        uploadChatImage: () => Promise.resolve(),
        shareChatImage: () => Promise.resolve(),
        uploadFile: () => Promise.reject(new Error('500')),
      },
    });
    await expect(
      s.sends.sendFile(bob.address, picked('scan.pdf', MAX_FILE_SIZE_BYTES + 1)),
    ).rejects.toThrow(ChatSendError);
    await expect(s.sends.sendFile(bob.address, picked('scan.pdf', 10))).rejects.toThrow(
      ChatSendError,
    );
    await expect(s.sends.sendImage(bob.address, picked('xray.png', 10))).rejects.toThrow(
      ChatSendError,
    );
    expect(s.notices).toEqual([
      { kind: 'warning', message: fileTooLargeMessage('scan.pdf') },
      { kind: 'error', message: TEXTS.sendFileFailed },
      { kind: 'error', message: TEXTS.sendImageFailed },
    ]);
    expect(s.queued).toEqual([]);
    expect(s.core.snapshot().uploads).toEqual({});
  });
});
