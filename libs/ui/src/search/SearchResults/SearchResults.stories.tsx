import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { awkwardResults, searchResults } from '../../testing/searchFixtures';
import { SearchResults } from './SearchResults';

const meta = {
  title: 'UI/Search/SearchResults',
  component: SearchResults,
  tags: ['autodocs'],
  args: {
    query: 'cardio',
    onQueryChange: fn(),
    includes: [],
    onIncludesChange: fn(),
    outsideOrganisation: false,
    onOutsideOrganisationChange: fn(),
    results: searchResults,
    onOpen: fn(),
  },
} satisfies Meta<typeof SearchResults>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Advice teams open /ask-advice/{id}; people open their direct chat. */
export const Results: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: /Cardiology Advice/ }));
    await expect(args.onOpen).toHaveBeenCalledWith('/ask-advice/31');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Forums' }));
    await expect(args.onIncludesChange).toHaveBeenCalledWith(['team.forum']);
    await userEvent.click(canvas.getByRole('radio', { name: 'Yes' }));
    await expect(args.onOutsideOrganisationChange).toHaveBeenCalledWith(true);
  },
};
export const AdviceOnly: Story = {
  args: { includes: ['team.advice'], results: searchResults.slice(3, 4) },
};
export const Loading: Story = { args: { status: 'loading', results: [] } };
export const Failed: Story = { args: { status: 'error', results: [] } };
export const NoMatches: Story = { args: { query: 'neurosurgery', results: [] } };
export const AwkwardNames: Story = { args: { results: awkwardResults } };
