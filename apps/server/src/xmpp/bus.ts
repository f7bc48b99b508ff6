/** What nodes tell each other (only used with REDIS_URL; a single node calls itself). */
export type BusMessage =
  | {
      t: 'user';
      uuid: string;
      xml: string;
      exceptJid?: string | undefined;
      carbonsOnly?: boolean | undefined;
    }
  | { t: 'kick'; userId?: number | string | undefined; sessionId?: number | string | undefined }
  | { t: 'room'; mimId: string };

export interface Bus {
  /** Sends to every other node. */
  publish(msg: BusMessage): void;
  close(): Promise<void>;
}

export const noBus: Bus = {
  publish() {},
  async close() {},
};
