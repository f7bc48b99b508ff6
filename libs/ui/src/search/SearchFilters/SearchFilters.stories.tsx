import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SearchFilters } from './SearchFilters';

const meta = {
  title: 'UI/Search/SearchFilters',
  component: SearchFilters,
  tags: ['autodocs'],
  args: {
    includes: ['user.other'],
    onIncludesChange: fn(),
    outsideOrganisation: false,
    onOutsideOrganisationChange: fn(),
  },
} satisfies Meta<typeof SearchFilters>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The search page's wording: include choices plus the outside-organisation yes/no. */
export const SearchPage: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Forums' }));
    await expect(args.onIncludesChange).toHaveBeenCalledWith(['user.other', 'team.forum']);
    await userEvent.click(canvas.getByRole('radio', { name: 'Yes' }));
    await expect(args.onOutsideOrganisationChange).toHaveBeenCalledWith(true);
  },
};
/** The contact picker calls the same filter 'in my organisation' / 'outside organisation'. */
export const PickerWording: Story = { args: { wording: 'picker', withIncludes: false } };
export const OutsideOrganisation: Story = { args: { outsideOrganisation: true } };
