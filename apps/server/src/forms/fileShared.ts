import type { StructuredFileRecord } from './access.js';

export const isImageFile = (f: StructuredFileRecord) => f.content_type.startsWith('image/');
export const thumbnailKey = (guid: string) => `${guid}.thumb`;
