// @xmpp/client 0.14 ships no type declarations. Deliberately minimal (two functions returning
// unknown): XmppTransport casts to its own interfaces in `xmppTypes.ts`, and a program that also
// sees another project's fuller declaration of this module merges overloads without conflict.
declare module '@xmpp/client' {
  export function client(options: Record<string, unknown>): unknown;
  export function xml(
    name: string,
    attrs?: Record<string, string | number | undefined>,
    ...children: unknown[]
  ): unknown;
}
