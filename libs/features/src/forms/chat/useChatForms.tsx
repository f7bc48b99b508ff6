import { Button, Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import {
  getFormTemplate,
  STALE,
  formKeys,
  useFormTemplatesQuery,
  useHttpClient,
} from '@pando/data-access';
import {
  formMessageText,
  lookupTemplate,
  SAMPLE_TEMPLATES,
  TEXTS,
  type FormTemplate,
  type TimelineItem,
} from '@pando/domain';
import { Dialog, type FormTemplateStatus, type MessageActions } from '@pando/ui';
import { useMemo, useState, type ReactNode } from 'react';
import { useViewer } from '../../common/viewer';
import { ConnectedFormFiller } from '../components/ConnectedFormFiller';

const pairKey = (title: string, version: string) => `${title.trim().toLowerCase()}\n${version}`;

/** The (title, version) pairs the conversation's "Form:" messages name. */
function formMessagesIn(items: readonly TimelineItem[]): { title: string; version: string }[] {
  const seen = new Map<string, { title: string; version: string }>();
  for (const item of items) {
    if (item.type !== 'group') continue;
    for (const m of item.messages) {
      const c = m.decoded.content;
      if (c.kind === 'form')
        seen.set(pairKey(c.title, c.version), { title: c.title, version: c.version });
    }
  }
  return [...seen.values()];
}

/**
 * The fetched templates that exist (the placeholder of a 404 is deleted). Module-level, so React
 * Query keeps the combined array's identity while the results do not change.
 */
function foundOnly(results: { data?: FormTemplate | undefined }[]): FormTemplate[] {
  return results.flatMap((q) => (q.data && !q.data.deleted ? [q.data] : []));
}

export interface ChatForms {
  /** The composer's "select a form" (absent without the form_templates feature). */
  onSelectForm?: () => void;
  /** The message card's lookup and open actions. */
  actions: Pick<MessageActions, 'getFormStatus' | 'onOpenForm'>;
  /** The picker and the filler, to render beside the conversation. */
  dialogs: ReactNode;
}

/**
 * Forms in chat (spec 01 §3, spec 02 §2, §7): "select a form" lists the templates (the built-in
 * samples when the list fails; "No forms available…" when there are none) and opens the filler,
 * whose successful submit posts "Form: {title} (v{version})". A form message's card finds its
 * template by title and version in the list, else fetches it by title and version; the card
 * says "(template could not be found.)" or "(template has been superceded)". In chat templates
 * are only viewed and filled, never edited.
 */
export function useChatForms(
  items: readonly TimelineItem[],
  onSend: (text: string) => void,
): ChatForms {
  const viewer = useViewer();
  const http = useHttpClient();
  const enabled = viewer.features.form_templates === true;
  const list = useFormTemplatesQuery(enabled);
  const [picking, setPicking] = useState(false);
  const [filling, setFilling] = useState<FormTemplate | null>(null);

  const known = useMemo(
    () => (list.isError ? [...SAMPLE_TEMPLATES] : (list.data ?? [])),
    [list.isError, list.data],
  );
  // Messages whose template the list does not hold at that version: fetched by title and version.
  const missing = useMemo(
    () =>
      list.isPending
        ? []
        : formMessagesIn(items).filter(
            (f) => lookupTemplate(known, f.title, f.version).kind !== 'found',
          ),
    [items, known, list.isPending],
  );
  const fetched = useQueries({
    queries: missing.map((f) => ({
      queryKey: formKeys.template(f.title, f.version),
      queryFn: () => getFormTemplate(http, f.title, f.version),
      staleTime: STALE.formTemplates,
      retry: false,
      enabled,
    })),
    combine: foundOnly,
  });
  const everything = useMemo(() => [...known, ...fetched], [known, fetched]);

  const actions = useMemo<ChatForms['actions']>(
    () => ({
      getFormStatus: (title, version): FormTemplateStatus =>
        lookupTemplate(everything, title, version).kind,
      onOpenForm: (title, version) => {
        const found = lookupTemplate(everything, title, version);
        if (found.kind === 'found') setFilling(found.template);
      },
    }),
    [everything],
  );

  const templates = known.filter((t) => !t.deleted);
  const dialogs = (
    <>
      <Dialog
        opened={picking}
        onClose={() => {
          setPicking(false);
        }}
        title="Select a form"
      >
        {templates.length === 0 ? (
          <Text size="sm">{TEXTS.noForms}</Text>
        ) : (
          <Stack gap="xs">
            {list.isError ? (
              <Text size="sm" c="dimmed">
                Your organisation&apos;s forms could not be loaded; these are sample forms.
              </Text>
            ) : null}
            {templates.map((t) => (
              <Button
                key={`${String(t.id)}:${t.title}:${t.version}`}
                variant="light"
                justify="space-between"
                rightSection={<Text size="xs">v{t.version}</Text>}
                onClick={() => {
                  setPicking(false);
                  setFilling(t);
                }}
              >
                {t.title}
              </Button>
            ))}
          </Stack>
        )}
      </Dialog>
      {filling ? (
        <ConnectedFormFiller
          key={`${String(filling.id)}:${filling.title}:${filling.version}`}
          template={filling}
          onClose={() => {
            setFilling(null);
          }}
          onSubmitted={(form) => {
            onSend(formMessageText(form.title, form.version));
          }}
        />
      ) : null}
    </>
  );

  return {
    ...(enabled
      ? {
          onSelectForm: () => {
            setPicking(true);
          },
        }
      : {}),
    actions,
    dialogs,
  };
}
