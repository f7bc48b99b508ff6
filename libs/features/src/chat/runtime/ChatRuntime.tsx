import { createContext, useContext, type ReactNode } from 'react';
import type { ConversationKind, TeamIcon, UserStatus } from '@pando/domain';
import type { DirectConversation } from '../sidebarItems';

/**
 * What the shell needs from the live chat, independent of how the chat is wired: the unread
 * counts (sidebar, title), the connection state (offline notices) and the availability presence.
 * apps/web provides it from the ChatStore over XmppTransport; stories and the demo from a
 * FakeTransport-backed store; without a provider the app runs with no live chat.
 */
export interface ChatRuntimeValue {
  /** Unread counts by chat address (bare JID). */
  unreadCounts: Readonly<Record<string, number>>;
  unreadTotal: number;
  /** Direct conversations from the chat inbox (the sidebar's Direct messages). */
  directs: readonly DirectConversation[];
  connection: 'connecting' | 'online' | 'offline' | 'disabled';
  setAvailability: (status: UserStatus) => void;
  /**
   * Renders the live conversation (message list + composer) for a chat address. Absent when the
   * app runs without a chat connection; the pane then says so instead of showing an empty list.
   */
  renderConversation?: (conversation: ConversationTarget, chrome: ConversationChrome) => ReactNode;
  /** Sends a first text message into a conversation (ask advice). */
  sendText?: (address: string, text: string, recipientName: string) => Promise<void>;
}

/** What a chat screen puts around the live conversation: its header line and a bottom bar. */
export interface ConversationChrome {
  /** The header's name when it differs from the conversation's (the advice team sees who asked). */
  title?: string;
  /** The header's icon for teams (private, team, forum). */
  teamIcon?: TeamIcon;
  /** Under the name when there is no last-active time: member count, advice state. */
  detail?: string;
  /** Between the messages and the composer, e.g. the advice actions. */
  footer?: ReactNode;
}

/** Which conversation a chat pane shows. */
export interface ConversationTarget {
  /** Bare JID of the other user or of the room. */
  address: string;
  kind: ConversationKind;
  /** The name shown as the recipient's display name. */
  name: string;
  /** Forums hide the patient-share button (spec 01 §6). */
  isForum?: boolean;
  /** REST id of the user, team/forum or advice conversation (image and file shares). */
  id?: number;
  /** Advice conversations: the advice team's id. */
  teamId?: number;
  /** Forums: whether the viewer is a member (the first message into a forum joins it). */
  isMember?: boolean;
}

const NO_CHAT: ChatRuntimeValue = {
  unreadCounts: {},
  unreadTotal: 0,
  directs: [],
  connection: 'disabled',
  setAvailability: () => undefined,
};

const ChatRuntimeContext = createContext<ChatRuntimeValue>(NO_CHAT);

export function ChatRuntimeProvider({
  value,
  children,
}: {
  value: ChatRuntimeValue;
  children: ReactNode;
}) {
  return <ChatRuntimeContext.Provider value={value}>{children}</ChatRuntimeContext.Provider>;
}

export function useChatRuntime(): ChatRuntimeValue {
  return useContext(ChatRuntimeContext);
}
