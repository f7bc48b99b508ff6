import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { auditEvents } from './auditFixtures';
import { AuditLogFilters, type AuditLogFilterValues } from './AuditLogFilters';
import { AuditLogTable } from './AuditLogTable';
import { AuditRecentList } from './AuditRecentList';

const meta = {
  title: 'UI/Admin/AuditLog',
  component: AuditLogTable,
  tags: ['autodocs'],
  args: {
    events: auditEvents(8),
    hasMore: false,
    onLoadMore: fn(),
    onOpenUser: fn(),
  },
} satisfies Meta<typeof AuditLogTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Who did what, when, from where; an emailed card names the address it went to. */
export const Events: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Audit log' });
    await expect(within(table).getAllByRole('row')).toHaveLength(9);
    await expect(within(table).getAllByText('Emailed a patient card')[0]).toBeVisible();
    await expect(within(table).getAllByText('Sent to bob@example.org')[0]).toBeVisible();
    await expect(within(table).getAllByText('Refused (403)')[0]).toBeVisible();
  },
};

/** Many rows: more pages behind "Load more". */
export const ManyRows: Story = {
  args: { events: auditEvents(50), hasMore: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(within(canvas.getByRole('table')).getAllByRole('row')).toHaveLength(51);
    await expect(canvas.getByRole('button', { name: 'Load more' })).toBeVisible();
  },
};

/** Long names and addresses wrap inside their cells, the page never scrolls sideways. */
export const LongNames: Story = {
  args: {
    events: auditEvents(3).map((e) => ({
      ...e,
      user_name: 'Maximiliana Alexandra Fotheringham-Worthington-Smythe',
      detail: {
        recipient:
          'maximiliana.alexandra.fotheringham-worthington-smythe@st-elsewhere-general.nhs.uk',
      },
    })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getAllByText('Maximiliana Alexandra Fotheringham-Worthington-Smythe')[0],
    ).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Nothing matches: the table says how to widen the view. */
export const Empty: Story = {
  args: { events: [] },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(
        'Nothing recorded matches these filters. Widen the dates or clear a filter.',
      ),
    ).toBeVisible();
  },
};

/** The log could not be loaded: a sentence, as an alert. */
export const LoadError: Story = {
  args: {
    error:
      'There was an error on the server. The engineering team has been notified. Please try again in a few minutes.',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Please try again in a few minutes.',
    );
  },
};

/** On a phone each event is a card of "column: value" lines (AdminTable). */
export const PhoneCards: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Audit log table' });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
    const cell = region.querySelector('tbody td[data-label="Detail"]');
    if (!cell) throw new Error('no detail cell');
    await expect(getComputedStyle(cell, '::before').content).toBe('"Detail"');
  },
};

const noFilters: AuditLogFilterValues = {
  patient: '',
  user: '',
  action: '',
  resource: '',
  from: '',
  to: '',
};

function FiltersDemo({ onDownload }: { onDownload: () => void }) {
  const [values, setValues] = useState<AuditLogFilterValues>({ ...noFilters, patient: '12' });
  return (
    <AuditLogFilters
      values={values}
      onChange={setValues}
      people={[
        { value: '2', label: 'Alice Anderson' },
        { value: '3', label: 'Bob Brown' },
      ]}
      onPersonSearch={() => undefined}
      onDownload={onDownload}
      patientError={
        /^\d*$/.test(values.patient) ? null : 'Enter the patient’s number, for example 42.'
      }
    />
  );
}

/** The filters: a patient number, a person, an action, a resource type and dates as dd/mm/yyyy. */
export const Filters: Story = {
  render: () => <FiltersDemo onDownload={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const from = canvas.getByRole('textbox', { name: 'From' });
    await userEvent.type(from, '01112026');
    await expect(from).toHaveValue('01/11/2026');
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Patient number' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Patient number' }), 'x');
    await expect(canvas.getByText('Enter the patient’s number, for example 42.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(from).toHaveValue('');
    await expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  },
};

/** A person's recent audited actions on their page, with the way to the whole log. */
export const RecentActions: Story = {
  render: () => <AuditRecentList events={auditEvents(5)} href="/manage/audit?user=2" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
    await expect(canvas.getByRole('link', { name: 'See all in the audit log' })).toHaveAttribute(
      'href',
      '/manage/audit?user=2',
    );
  },
};

/** Nobody has done anything yet. */
export const RecentEmpty: Story = {
  render: () => <AuditRecentList events={[]} href="/manage/audit?user=9" />,
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Nothing recorded for this person yet.'),
    ).toBeVisible();
  },
};
