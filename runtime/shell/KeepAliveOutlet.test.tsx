import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { useScreenSearch } from './screenLocation';

describe('the pages the shell keeps', () => {
  test('a kept page keeps its state hidden, is not drawn again while other screens open, and shows again where it was', async () => {
    const drawn: Record<string, number> = {};
    /** A screen reading its search parameters, as a list does, counting how often it is drawn. */
    function Screen({ name }: { name: string }) {
      const [search] = useScreenSearch();
      drawn[name] = (drawn[name] ?? 0) + 1;
      return (
        <p>
          {name} {search.get('id') ?? ''}
        </p>
      );
    }
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <KeepAliveOutlet keep={(pathname) => pathname !== '/fresh'} />,
          children: ['a', 'b', 'c', 'fresh'].map((name) => ({ path: name, element: <Screen name={name} /> })),
        },
      ],
      { initialEntries: ['/a?id=7'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('a 7')).toBeTruthy();

    await act(() => router.navigate('/b'));
    const aWhenHidden = drawn.a;
    await act(() => router.navigate('/c'));
    await act(() => router.navigate('/b?id=2'));
    await act(() => router.navigate('/fresh'));
    // The kept page was not drawn again while three other screens opened: it read the location it was shown at.
    expect(drawn.a).toBe(aWhenHidden);
    expect(screen.getByText('a 7', { selector: 'p' })).toBeTruthy();

    await act(() => router.navigate('/a?id=7'));
    expect(getComputedStyle(screen.getByText('a 7')).display).not.toBe('none');
    // A page not kept is gone once another shows; the kept ones stay, hidden.
    expect(screen.queryByText('fresh')).toBeNull();
    expect(getComputedStyle(screen.getByText('c')).display).toBe('none');
  });
});
