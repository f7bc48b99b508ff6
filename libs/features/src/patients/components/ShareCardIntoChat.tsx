import { useState, type ReactNode } from 'react';
import {
  ApiError,
  isBadRequest,
  sharePatientCard,
  shareTargetOf,
  useChatStore,
  useHttpClient,
  usePatientCardSearchQuery,
  type ConversationMeta,
} from '@pando/data-access';
import { PICKER_SEARCH_DEBOUNCE_MS, type PatientCard, type PatientCardShare } from '@pando/domain';
import { PatientCardPicker } from '@pando/ui';
import { useDebouncedValue } from '@mantine/hooks';
import { useAppServices } from '../../common/AppServices';
import { useCanSeePatientList } from '../hooks/useCanSeePatientList';

const SHARE_FAILED = 'The patient card could not be shared.';

/** The `json/card` body of a card (spec 01 §3): what recipients see before opening it. */
function cardShare(card: PatientCard): PatientCardShare {
  const p = card.patient;
  const name = p ? `${p.first_name} ${p.last_name}`.trim() : '';
  return {
    card_id: card.id,
    card_title: name || card.title || 'Patient card',
    patient_dob: p?.dob ?? null,
    patient_gender: p?.gender ?? null,
    patient_identificator: p?.patient_identificator ?? null,
  };
}

export interface ShareCardIntoChat {
  /** Opens the picker; undefined when the person has no cards to share (no patient list). */
  open: (() => void) | undefined;
  /** The picker, to render beside the composer. */
  dialog: ReactNode;
}

/**
 * The composer's share button (spec 01 §2, §5): pick a card (search by name or identifier),
 * share it READ with the conversation's people (user, team or advice conversation), then send
 * the `json/card` message. Forums never get here: the composer hides the button, the store
 * refuses the message and the server refuses the share.
 */
export function useShareCardIntoChat(conversation: ConversationMeta): ShareCardIntoChat {
  const premium = useCanSeePatientList();
  const store = useChatStore();
  const http = useHttpClient();
  const { notifications } = useAppServices();
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState('');
  const [sharing, setSharing] = useState(false);
  const [term] = useDebouncedValue(query, PICKER_SEARCH_DEBOUNCE_MS);
  const cards = usePatientCardSearchQuery(term, { enabled: premium && opened });

  const close = () => {
    setOpened(false);
    setQuery('');
  };
  const share = async (card: PatientCard) => {
    setSharing(true);
    try {
      const shared = await sharePatientCard(http, card.id, shareTargetOf(conversation));
      if (isBadRequest(shared)) {
        notifications.notify({ kind: 'error', message: shared.message || SHARE_FAILED });
        return;
      }
      close();
      // The store shows its own notification when the message cannot be sent.
      await store.sendPatientCard(conversation.address, cardShare(card)).catch(() => undefined);
    } catch (err) {
      notifications.notify({
        kind: 'error',
        // The server's words for a refusal (a forum, a card the person may only read).
        message:
          err instanceof ApiError && (err.status === 403 || err.status === 404) && err.message
            ? err.message
            : SHARE_FAILED,
      });
    } finally {
      setSharing(false);
    }
  };

  return {
    open: premium
      ? () => {
          setOpened(true);
        }
      : undefined,
    dialog: premium ? (
      <PatientCardPicker
        opened={opened}
        onClose={close}
        query={query}
        onQueryChange={setQuery}
        cards={cards.data ?? []}
        status={cards.isError ? 'error' : cards.isPending ? 'loading' : 'ready'}
        onPick={(card) => void share(card)}
        sharing={sharing}
      />
    ) : null,
  };
}
