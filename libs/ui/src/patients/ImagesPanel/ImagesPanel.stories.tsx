import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ImagesPanel } from './ImagesPanel';

const pixel = (colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="150" height="150"><rect width="150" height="150" fill="${colour}"/></svg>`)}`;

const meta = {
  title: 'UI/Patients/ImagesPanel',
  component: ImagesPanel,
  tags: ['autodocs'],
  args: {
    images: [
      { id: 1, title: 'Wound day 1', thumbnailUrl: pixel('#c66') },
      { id: 2, title: 'Wound day 3', thumbnailUrl: pixel('#6c6') },
    ],
    editable: true,
    onUpload: fn(),
    onRejected: fn(),
    onView: fn(),
  },
} satisfies Meta<typeof ImagesPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Thumbnails: Story = {};
export const Viewer: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'View Wound day 3' }));
    await expect(args.onView).toHaveBeenCalledWith(2);
    const dialog = await within(document.body).findByRole('dialog', { name: 'Wound day 3' });
    await waitFor(() => expect(dialog).toBeVisible());
  },
};
export const Uploading: Story = { args: { uploading: ['scan-1.jpg', 'scan-2.jpg'] } };
export const Empty: Story = { args: { images: [] } };
export const ReadOnly: Story = {
  args: { editable: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Add images' })).toBeNull();
  },
};
