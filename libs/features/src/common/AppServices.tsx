import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { HttpLogger } from '@pando/data-access';
import type { ManageSettings } from './manageSettings';
import { NotificationCenter } from './notifications';

/** What every connected screen needs from the app besides the API: config, logging, notices. */
export interface AppServices {
  /** From the runtime configuration (`GET /api/config`). */
  productName: string;
  /** Spec 01 §8: unauthenticated visitors are not sent to /login when the config disables it. */
  redirectDisabled: boolean;
  /** The XMPP domain: users are `{uuid}@{domain}`, rooms `{mim_id}@muclight.{domain}`. */
  chatDomain: string;
  /**
   * The admin console's deployment settings (report scope, sidebar links, report switch) as
   * given: the admin screens read them with their defaults filled in (`useManageSettings`), so
   * the defaults stay off the login route's JavaScript.
   */
  manage: Partial<ManageSettings>;
  logger: HttpLogger;
  notifications: NotificationCenter;
}

const AppServicesContext = createContext<AppServices | null>(null);

export interface AppServicesProviderProps extends Partial<Omit<AppServices, 'logger'>> {
  /**
   * Required: a default would put a logger on the login route's JavaScript that the app never
   * uses (tests and stories pass `consoleLogger`).
   */
  logger: HttpLogger;
  children: ReactNode;
}

/** Provides the app services; anything else not given gets a harmless default (stories, tests). */
export function AppServicesProvider({ children, ...given }: AppServicesProviderProps) {
  const { productName, redirectDisabled, chatDomain, manage, logger, notifications } = given;
  const value = useMemo<AppServices>(
    () => ({
      productName: productName ?? 'Pando',
      redirectDisabled: redirectDisabled ?? false,
      chatDomain: chatDomain ?? 'localhost',
      manage: manage ?? {},
      logger,
      notifications: notifications ?? new NotificationCenter(),
    }),
    [productName, redirectDisabled, chatDomain, manage, logger, notifications],
  );
  return <AppServicesContext.Provider value={value}>{children}</AppServicesContext.Provider>;
}

export function useAppServices(): AppServices {
  const value = useContext(AppServicesContext);
  if (!value) throw new Error('Connected screens must be rendered inside <AppServicesProvider>.');
  return value;
}
