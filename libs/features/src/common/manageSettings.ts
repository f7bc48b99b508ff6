import {
  DEFAULT_KNOWLEDGE_BASE_URL,
  DEFAULT_SUPPORT_URL,
  type AnalyticsScopeConfig,
} from '@pando/domain';
import { useMemo } from 'react';
import { useAppServices } from './AppServices';

/**
 * The admin console's deployment settings: the web app reads them from the runtime configuration
 * (`GET /api/config`), the demo from its flags, the Screens stories from their options. They
 * reach the screens through `AppServices.manage` (createPandoApp's `manage` adapter).
 */
export interface ManageSettings {
  /**
   * Spec 02 §6: the report scope fixed by configuration (`analytics_scope`) and the demo
   * organisation mapping (`analytics_demo`), for the domain's `analyticsScope`.
   * @default {} (each viewer's own network or organisation)
   */
  analytics: AnalyticsScopeConfig;
  /** The sidebar's Support link (`support_url`). @default DEFAULT_SUPPORT_URL */
  supportUrl: string;
  /** The sidebar's Knowledge base link (`knowledge_base_url`). @default DEFAULT_KNOWLEDGE_BASE_URL */
  knowledgeBaseUrl: string;
  /**
   * The report's no-data switch starts on (real figures only); off, the report opens on randomly
   * generated placeholder figures (spec 02 §2; the demo's `VITE_DEMO_REPORT_PLACEHOLDERS`).
   * @default true
   */
  reportNoData: boolean;
}

/** The settings with every default filled in. */
function manageSettings(given: Partial<ManageSettings>): ManageSettings {
  return {
    analytics: given.analytics ?? {},
    supportUrl: given.supportUrl ?? DEFAULT_SUPPORT_URL,
    knowledgeBaseUrl: given.knowledgeBaseUrl ?? DEFAULT_KNOWLEDGE_BASE_URL,
    reportNoData: given.reportNoData ?? true,
  };
}

/** The admin console's settings (`AppServices.manage`) with every default filled in. */
export function useManageSettings(): ManageSettings {
  const { manage } = useAppServices();
  return useMemo(() => manageSettings(manage), [manage]);
}
