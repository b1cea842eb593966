import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUnsavedGuard } from './unsaved-guard';

function EditPage() {
  const [dirty, setDirty] = useState(false);
  const { release } = useUnsavedGuard(dirty);
  const navigate = useNavigate();
  return (
    <div>
      <h1>edit page</h1>
      <button onClick={() => setDirty(true)}>type</button>
      <button onClick={() => setDirty(false)}>save</button>
      <button
        onClick={() => {
          release();
          void navigate('/list');
        }}
      >
        save and leave
      </button>
      <Link to="/list">to list</Link>
      <Link to="/edit?tab=2">other tab</Link>
      <Link to="/edit#notes">notes</Link>
    </div>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <EditPage /> },
      { path: '/list', element: <h1>list page</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <AntApp>
      <RouterProvider router={router} />
    </AntApp>,
  );
  return router;
}

const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};
const question = 'The system may not save your changes. Leave this page?';

describe('useUnsavedGuard', () => {
  it('asks the browser to warn on unload only while dirty', () => {
    renderApp();
    expect(unload()).toBe(false);
    fireEvent.click(screen.getByText('type'));
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByText('save'));
    expect(unload()).toBe(false);
  });

  it('does not ask when nothing changed', async () => {
    renderApp();
    fireEvent.click(screen.getByText('to list'));
    expect(await screen.findByText('list page')).toBeTruthy();
    expect(screen.queryByText(question)).toBeNull();
  });

  it('while dirty, leaving asks in a 480 px dialog; Stay keeps the page', async () => {
    const router = renderApp();
    fireEvent.click(screen.getByText('type'));
    fireEvent.click(screen.getByText('to list'));
    expect(await screen.findByText(question)).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('480px');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText(question)).toBeNull());
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.getByText('edit page')).toBeTruthy();
    // still guarded: asking again, then Leave
    fireEvent.click(screen.getByText('to list'));
    expect(await screen.findByText(question)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('list page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/list');
  });

  it('another query on the same path asks too; the hash alone does not', async () => {
    const router = renderApp();
    fireEvent.click(screen.getByText('type'));
    fireEvent.click(screen.getByText('notes'));
    await waitFor(() => expect(router.state.location.hash).toBe('#notes'));
    expect(screen.queryByText(question)).toBeNull();
    fireEvent.click(screen.getByText('other tab'));
    expect(await screen.findByText(question)).toBeTruthy();
  });

  it('saving releases the guard', async () => {
    renderApp();
    fireEvent.click(screen.getByText('type'));
    fireEvent.click(screen.getByText('save'));
    fireEvent.click(screen.getByText('to list'));
    expect(await screen.findByText('list page')).toBeTruthy();
    expect(screen.queryByText(question)).toBeNull();
  });

  it('release() lets a save-then-leave through before dirty re-renders', async () => {
    renderApp();
    fireEvent.click(screen.getByText('type'));
    await act(async () => {
      fireEvent.click(screen.getByText('save and leave'));
    });
    expect(await screen.findByText('list page')).toBeTruthy();
    expect(screen.queryByText(question)).toBeNull();
  });
});
