import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PatientGallery } from './PatientGallery';

const pixel = (colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="150" height="150"><rect width="150" height="150" fill="${colour}"/></svg>`)}`;

const meta = {
  title: 'UI/Patients/PatientGallery',
  component: PatientGallery,
  tags: ['autodocs'],
  args: {
    status: 'ready',
    groups: [
      {
        patientId: 1,
        name: 'Zimmer, Ada',
        cardId: 11,
        images: [
          { id: 1, title: 'Wound day 1', thumbnailUrl: pixel('#c66') },
          { id: 2, title: 'Wound day 3', thumbnailUrl: pixel('#6c6') },
        ],
      },
      {
        patientId: 2,
        name: 'Abbott, Bram',
        cardId: 12,
        images: [{ id: 3, title: 'Chest X-ray', thumbnailUrl: pixel('#66c') }],
      },
      { patientId: 3, name: 'Moreau, Cleo', cardId: 13, images: [] },
    ],
    onView: fn(),
    onOpenCard: fn(),
  },
} satisfies Meta<typeof PatientGallery>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Grouped by patient; a patient without images has no group. */
export const ByPatient: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Zimmer, Ada' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Moreau, Cleo' })).toBeNull();
    await userEvent.click(canvas.getByRole('link', { name: 'Abbott, Bram' }));
    await expect(args.onOpenCard).toHaveBeenCalledWith(12);
  },
};

/** The viewer opens the image and asks the app for the full size. */
export const Viewer: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'View Wound day 3' }));
    await expect(args.onView).toHaveBeenCalledWith(2);
    const dialog = await within(document.body).findByRole('dialog', { name: 'Wound day 3' });
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: 'Wound day 3' })).toBeVisible(),
    );
  },
};

export const Loading: Story = { args: { status: 'loading', groups: [] } };
export const Empty: Story = { args: { groups: [] } };
export const Failed: Story = { args: { status: 'error', groups: [] } };
export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
