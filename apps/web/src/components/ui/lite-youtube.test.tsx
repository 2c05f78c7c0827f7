import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LiteYouTube } from './lite-youtube';

describe('lite YouTube player', () => {
  // (happy-dom loads no frames and says so on stderr: the frame's src is checked, not loaded.)
  it('when the play button is pressed from the keyboard, then the player replaces it and takes the focus', async () => {
    const user = userEvent.setup();
    render(<LiteYouTube videoId="dQw4w9WgXcQ" title="Studio tour" />);

    const play = screen.getByRole('button', { name: 'Play video: Studio tour' });
    await user.tab();
    expect(document.activeElement).toBe(play);
    await user.keyboard('{Enter}');

    const frame = screen.getByTitle('Studio tour');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
    expect(screen.queryByRole('button', { name: 'Play video: Studio tour' })).toBeNull();
    expect(document.activeElement).toBe(frame);
  });
});
