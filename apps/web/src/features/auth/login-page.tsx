import { PageIntro } from '../../components/ui/page-intro';

/** `/auth/login` (spec §2). Sign-in (OTP, password, Google) arrives with the auth issue. */
export function LoginPage() {
  return (
    <PageIntro
      eyebrow="Welcome back"
      title="Log in to Atelier"
      lede="Pick up your sessions, assignments and certificates where you left them."
    />
  );
}
