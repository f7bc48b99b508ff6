import type { Meta, StoryObj } from '@storybook/react-vite';
import type { PatientCard } from '@pando/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PatientTable } from './PatientTable';

function card(
  id: number,
  first: string,
  last: string,
  ward: string | null,
  bed: string | null,
): PatientCard {
  return {
    id,
    title: `${first} ${last}`,
    subtitle: null,
    patient_id: id,
    patient: {
      id,
      first_name: first,
      last_name: last,
      dob: '1950-03-0' + String((id % 9) + 1),
      gender: id % 2 ? 'MALE' : 'FEMALE',
      patient_identificator: `NHS${String(id).padStart(6, '0')}`,
      overview: null,
      bed,
      ward_id: ward ? id : null,
      hospital_id: 1,
      ward: ward ? { id, name: ward } : null,
    },
    users: [],
    teams: [],
    tasks: [],
    created_at: new Date(Date.UTC(2026, 0, id)).toISOString(),
    modified_at: new Date(Date.UTC(2026, 0, id)).toISOString(),
    editable: true,
  };
}

const cards = [
  card(1, 'Ada', 'Zimmer', 'Ward 7', '3'),
  card(2, 'Bram', 'Abbott', null, null),
  card(3, 'Cleo', 'Moreau', 'Ward 2', '12'),
];

const meta = {
  title: 'UI/Patients/PatientTable',
  component: PatientTable,
  tags: ['autodocs'],
  args: { cards, sort: 'newest', onSortChange: fn(), onOpen: fn(), onCreate: fn() },
  decorators: [(Story) => <div style={{ height: 480 }}>{Story()}</div>],
} satisfies Meta<typeof PatientTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 01 §2: newest first by default. */
export const Newest: Story = {
  play: async ({ canvasElement }) => {
    const rows = await within(canvasElement).findAllByRole('listitem');
    await expect(rows[0]).toHaveTextContent('Moreau, Cleo');
  },
};
export const ByName: Story = {
  args: { sort: 'name' },
  play: async ({ canvasElement }) => {
    const rows = await within(canvasElement).findAllByRole('listitem');
    await expect(rows.map((r) => r.textContent.split(',')[0])).toEqual([
      'Abbott',
      'Moreau',
      'Zimmer',
    ]);
  },
};
/** Cards without a ward or bed go last. */
export const ByLocation: Story = { args: { sort: 'location' } };
export const SortMenu: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Sort by' }), 'Name');
    await expect(args.onSortChange).toHaveBeenCalledWith('name');
  },
};
export const Empty: Story = { args: { cards: [] } };
/** 1,000 cards: only what is on screen is rendered. */
export const ThousandCards: Story = {
  args: {
    cards: Array.from({ length: 1000 }, (_, i) =>
      card(i + 1, `Patient${i + 1}`, `Surname${i + 1}`, i % 3 ? 'Ward 7' : null, String(i % 30)),
    ),
  },
  play: async ({ canvasElement }) => {
    const rows = await within(canvasElement).findAllByRole('listitem');
    await expect(rows.length).toBeLessThan(60);
  },
};
export const LongNames: Story = {
  args: {
    cards: [
      card(
        4,
        'Maximiliana-Theodora-Wilhelmina',
        'Featherstonehaugh-Cholmondeley-Smythe',
        'Intensive Care Unit North Wing',
        '101',
      ),
    ],
  },
};
export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
/** With the scanner: the Scan button finds a patient by the barcode of their identifier. */
export const WithScan: Story = {
  args: { onScan: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Scan' }));
    await expect(args.onScan).toHaveBeenCalled();
  },
};
