import { Center, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Outlet, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  listPatientCards,
  useCopyFreshness,
  useHttpClient,
  usePatientCardsQuery,
} from '@pando/data-access';
import {
  PATIENT_CARDS_LIMIT,
  parsePatientSort,
  patientIdentifierKey,
  patientPageState,
  TEXTS,
} from '@pando/domain';
import {
  LoadingScreen,
  PatientTable,
  ScannerOverlay,
  SplitView,
  type PatientTableProps,
} from '@pando/ui';
import { useAppServices } from '../../common/AppServices';
import { useCanSeePatientList } from '../hooks/useCanSeePatientList';

/**
 * /patients…: the patient list beside the chosen card (spec 01 §2), on a phone one of the two
 * (`SplitView`). The sort is kept in the address (`?sort=name`), so reload and back keep it.
 * Without the premium feature patient_cards the list is not offered, but a card assigned or
 * shared to the person still opens by its id (apps/server/README.md "Premium").
 */
export function PatientsLayout() {
  const premium = useCanSeePatientList();
  const { state } = useParams();
  const page = patientPageState(state);
  const [params, setParams] = useSearchParams();
  const sort = parsePatientSort(params.get('sort'));
  const navigate = useNavigate();
  const keepSort = sort === 'newest' ? '' : `?sort=${sort}`;
  const list = !premium ? (
    <Center h="100%" p="md">
      <Stack gap="xs" ta="center" maw={320}>
        <Title order={2} size="h4">
          Patient list
        </Title>
        <Text c="dimmed">The patient list is a premium feature that is not enabled for you.</Text>
      </Stack>
    </Center>
  ) : (
    <PatientList
      sort={sort}
      onSortChange={(next) => {
        setParams(next === 'newest' ? {} : { sort: next });
      }}
      selectedId={page.kind === 'card' ? page.id : undefined}
      onOpen={(id) => void navigate(`/patients/${String(id)}${keepSort}`)}
      onCreate={() => void navigate(`/patients/create${keepSort}`)}
    />
  );
  return (
    <SplitView list={list} detailOpen={page.kind !== 'empty'} listWidth={340}>
      <Outlet />
    </SplitView>
  );
}

/**
 * The scanner on the list (spec 01 §6): a scanned identifier opens the person's card of that
 * patient (identifiers compared without spaces or case, the domain's key), or says none is found.
 */
function useScanToOpen(onOpen: (cardId: number) => void) {
  const http = useHttpClient();
  const { notifications } = useAppServices();
  const [scanning, setScanning] = useState(false);
  const find = async (value: string) => {
    const key = patientIdentifierKey(value);
    try {
      const cards = await listPatientCards(http, PATIENT_CARDS_LIMIT, value.trim());
      const card = cards.find(
        (c) => patientIdentifierKey(c.patient?.patient_identificator ?? '') === key,
      );
      if (card) onOpen(card.id);
      else
        notifications.notify({ kind: 'warning', message: `No patient with identifier ${value}.` });
    } catch {
      notifications.notify({ kind: 'error', message: 'The patient could not be looked up.' });
    }
  };
  const overlay = (
    <ScannerOverlay
      opened={scanning}
      title="Scan a patient identifier"
      onClose={() => {
        setScanning(false);
      }}
      onScan={(value) => void find(value)}
    />
  );
  return {
    open: () => {
      setScanning(true);
    },
    overlay,
  };
}

/** The list itself, mounted only for people with the premium feature (the server refuses others). */
function PatientList(props: Omit<PatientTableProps, 'cards' | 'onScan'>) {
  const cards = usePatientCardsQuery();
  const freshness = useCopyFreshness(cards);
  const scan = useScanToOpen(props.onOpen);
  if (cards.isPending && cards.fetchStatus === 'paused') {
    // Issue 37: offline, and the list is not in the offline copy.
    return (
      <Text p="md" role="status">
        {TEXTS.offlineNotKept}
      </Text>
    );
  }
  if (cards.isPending) return <LoadingScreen fullScreen={false} label="Loading patients…" />;
  // A failed refresh of a list already held (the offline copy's, or an earlier answer) keeps it
  // shown with its freshness line, as the card does (`PatientDetail`); the error is for a list
  // that never loaded.
  if (!cards.data) {
    return (
      <Text c="red" p="md" role="alert">
        The patient list could not be loaded.
      </Text>
    );
  }
  return (
    <>
      {freshness ? (
        <Text size="xs" c="dimmed" px="md" pt="xs" role="status">
          {freshness}
        </Text>
      ) : null}
      <PatientTable cards={cards.data} onScan={scan.open} {...props} />
      {scan.overlay}
    </>
  );
}
