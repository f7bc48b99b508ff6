import { MantineProvider } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, PandoApiProvider, patientCardKeys } from '@pando/data-access';
import { CurrentUserSchema, TEXTS, type PatientCard } from '@pando/domain';
import { AppServicesProvider } from '../../common/AppServices';
import { consoleLogger } from '../../common/consoleLogger';
import { ViewerContext } from '../../common/viewer';
import { PatientsLayout } from './PatientsLayout';

const LOAD_ERROR = 'The patient list could not be loaded.';

const card: PatientCard = {
  id: 4,
  title: 'Ada Lovelace',
  users: [],
  teams: [],
  tasks: [],
  created_at: '2026-11-28T08:00:00.000Z',
  modified_at: '2026-11-28T08:00:00.000Z',
  editable: true,
};

// A person with the premium feature patient_cards (the list is theirs to see).
const viewer = CurrentUserSchema.parse({
  id: 1,
  uuid: 'alice',
  first_name: 'Alice',
  last_name: 'Anderson',
  access_level: 'USER',
  premium_features: { patient_cards: true },
});

/** /patients with the list's refresh failing (503); `held` is the list already in the cache. */
function renderList(held: PatientCard[] | undefined) {
  const http = createHttpClient({
    baseUrl: 'http://pando.test/api/v4',
    clientVersion: '1',
    clientBuild: 't',
    notify: vi.fn(),
    navigateToLogin: vi.fn(),
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn(), event: vi.fn() },
    fetch: () => Promise.resolve(new Response(null, { status: 503 })),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (held) {
    // As the offline copy restores it: held, and stale, so the screen asks again.
    queryClient.setQueryData(patientCardKeys.list(), held);
    void queryClient.invalidateQueries({ queryKey: patientCardKeys.list(), refetchType: 'none' });
  }
  render(
    <MantineProvider>
      <AppServicesProvider logger={consoleLogger}>
        <ViewerContext.Provider value={viewer}>
          <PandoApiProvider http={http} queryClient={queryClient}>
            <MemoryRouter initialEntries={['/patients']}>
              <Routes>
                <Route path="/patients" element={<PatientsLayout />} />
              </Routes>
            </MemoryRouter>
          </PandoApiProvider>
        </ViewerContext.Provider>
      </AppServicesProvider>
    </MantineProvider>,
  );
  return queryClient;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the patient list (spec 01 §2, issue 37)', () => {
  it('a held list stays shown when its refresh fails', async () => {
    const queryClient = renderList([card]);
    await waitFor(() => {
      expect(queryClient.getQueryState(patientCardKeys.list())?.status).toBe('error');
    });
    expect(screen.getByRole('list', { name: 'Patients' })).toBeTruthy();
    expect(screen.queryByText(LOAD_ERROR)).toBeNull();
    // With a network, the line says the list shown could not be updated, and how old it is.
    expect((await screen.findByRole('status')).textContent).toMatch(
      new RegExp(`^${TEXTS.copyNotUpdated('\\d\\d:\\d\\d')}$`),
    );

    // The browser then knows the network is gone: the line above the list says how old it is.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status').textContent).toMatch(
      new RegExp(`^${TEXTS.copyOffline('\\d\\d:\\d\\d')}$`),
    );
    expect(screen.getByRole('list', { name: 'Patients' })).toBeTruthy();
  });

  it('without a held list, a failure says the list could not be loaded', async () => {
    renderList(undefined);
    expect((await screen.findByRole('alert')).textContent).toBe(LOAD_ERROR);
    expect(screen.queryByRole('list', { name: 'Patients' })).toBeNull();
  });
});
