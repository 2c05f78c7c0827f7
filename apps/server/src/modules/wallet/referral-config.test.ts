import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

describe('referral configuration', () => {
  const base = { APP_SECRET: 'x'.repeat(32) };

  it('when nothing is set, then the referrer earns 500 coins and the friend gets no welcome coins (README)', () => {
    expect(loadConfig(base)).toMatchObject({ referralRewardCoins: 500, referralRefereeCoins: 0 });
  });

  it('when both are set, then they are used', () => {
    const config = loadConfig({ ...base, REFERRAL_REWARD_COINS: '250', REFERRAL_REFEREE_COINS: '25' });
    expect(config).toMatchObject({ referralRewardCoins: 250, referralRefereeCoins: 25 });
  });

  it('when a value is negative or not a whole number, then start is refused naming it', () => {
    let error: unknown;
    try {
      loadConfig({ ...base, REFERRAL_REWARD_COINS: '-5', REFERRAL_REFEREE_COINS: '2.5' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('REFERRAL_REWARD_COINS');
    expect(problems).toContain('REFERRAL_REFEREE_COINS');
  });
});
