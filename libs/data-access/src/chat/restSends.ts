import { pathOf, uploadsEndpoints, type ShareTarget } from '@pando/domain';
import { addTeamMembers } from '../api/teams';
import { createChatImage, shareChatImage } from '../api/images';
import { uploadFile } from '../api/files';
import type { HttpClient } from '../http/createHttpClient';
import { orThrowBadRequest } from '../http/errors';
import type { ChatFile, ChatUploads, ConversationMeta } from './environment';

/**
 * The REST side of rich sends (spec 01 §7 "Images and files"; spec 01 §4 "sending into a forum
 * joins it"), kept out of the chat store: the store only sequences them around the message.
 * One copy for the web app, the demo and the stories (their HTTP clients differ, nothing else).
 */

/** The share/audience target of a conversation; a conversation without a REST id cannot share. */
export function shareTargetOf(conversation: ConversationMeta): ShareTarget {
  const id = Number(conversation.id);
  if (!Number.isInteger(id) || id <= 0) {
    throw new Error(`conversation ${conversation.address} has no REST id to share with`);
  }
  switch (conversation.kind) {
    case 'direct':
      return { kind: 'user', id };
    case 'advice':
      return { kind: 'advice', id };
    default:
      return { kind: 'team', id };
  }
}

/**
 * PUT /images/chat/{id} through XMLHttpRequest: fetch cannot report upload progress, and spec 01
 * §7 shows it on the bubble. Same cookie and client header as the HTTP client; multipart, so
 * the server's CSRF check relies on the Origin the browser adds.
 */
function putWithProgress(
  url: string,
  form: FormData,
  headers: Readonly<Record<string, string>>,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new Error(`PUT ${url} answered ${xhr.status}`));
      }
    };
    xhr.onerror = () => {
      reject(new Error(`PUT ${url} failed (network)`));
    };
    xhr.send(form);
  });
}

/** The REST calls behind image and file messages, over the app's HTTP client. */
export function createChatUploads(http: HttpClient): ChatUploads {
  return {
    createChatImage: async () => orThrowBadRequest(await createChatImage(http)),
    uploadChatImage: (id, image: ChatFile, onProgress) => {
      const form = new FormData();
      form.set('image', image, image.name);
      form.set('filename', image.name);
      return putWithProgress(
        http.url(pathOf(uploadsEndpoints.uploadChatImage, { id })),
        form,
        http.headers,
        onProgress,
      );
    },
    shareChatImage: async (id, conversation) => {
      orThrowBadRequest(await shareChatImage(http, id, shareTargetOf(conversation)));
    },
    uploadFile: async (file, conversation) => {
      const target = shareTargetOf(conversation);
      const audience =
        target.kind === 'user'
          ? { user_ids: [target.id] }
          : target.kind === 'team'
            ? { team_ids: [target.id] }
            : { advice_ids: [target.id] };
      return orThrowBadRequest(await uploadFile(http, file, file.name, audience));
    },
  };
}

/** Joining a forum before the first message into it: the viewer adds themself (members/add). */
export function createForumJoin(http: HttpClient, viewerId: number) {
  return async (conversation: ConversationMeta): Promise<void> => {
    orThrowBadRequest(await addTeamMembers(http, Number(conversation.id), [viewerId]));
  };
}
