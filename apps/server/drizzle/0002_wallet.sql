ALTER TABLE "coins_ledger" DROP CONSTRAINT "coins_ledger_reason_ck";--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referrer_coins" integer;--> statement-breakpoint
ALTER TABLE "coins_ledger" ADD CONSTRAINT "coins_ledger_reason_ck" CHECK ("coins_ledger"."reason" IN ('signup_bonus', 'referral_reward', 'purchase', 'spend', 'refund', 'reversal', 'admin_adjustment', 'payout_hold', 'payout_release'));--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_coins_ck" CHECK ("referrals"."referrer_coins" IS NULL OR "referrals"."referrer_coins" >= 0);