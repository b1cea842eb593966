import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, data, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ErrorPage } from './error-page';

const reportError = vi.hoisted(() => vi.fn());
vi.mock('../../shared/error-report', () => ({ reportError }));

function Throws(): never {
  throw new Error('a page bug');
}

/** A router whose /broken throws and /gone answers a 503 route error response, under the error page. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        errorElement: <ErrorPage />,
        children: [
          { path: '/start', element: <Link to="/broken">open</Link> },
          { path: '/broken', element: <Throws /> },
          {
            path: '/gone',
            loader: () => {
              throw data(null, { status: 503, statusText: 'Service Unavailable' });
            },
            element: <span />,
          },
          { path: '/home', element: <span data-testid="home" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the route error page (spec 002)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    reportError.mockClear();
  });

  test("a thrown error: the unknown-error text, a link to /home on the visit's first route, and a report", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken');
    await screen.findByText('500, your page has an unknown error, please contact the administrator');
    const link = screen.getByTestId('error-page-back');
    expect(link.textContent).toBe('Back to home');
    expect(link.getAttribute('href')).toBe('/home');
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: 'a page bug' }));
    await userEvent.click(link);
    await screen.findByTestId('home');
  });

  test('a route error response: its status and status text; the link goes back to the previous route', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderAt('/start');
    await router.navigate('/gone');
    await screen.findByText('503, your page Service Unavailable, please contact the administrator');
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: '503 Service Unavailable' }));
    const link = screen.getByTestId('error-page-back');
    expect(link.textContent).toBe('Go back');
    await userEvent.click(link);
    await screen.findByText('open');
    expect(router.state.location.pathname).toBe('/start');
  });
});
