import { CallbackForm } from './callback-form';
import './leads.css';

/** The contact page's form (`POST /api/callback`, source `contact`): a message and a call back. */
export function ContactForm() {
  return (
    <div className="lead-card">
      <CallbackForm
        source="contact"
        message="required"
        messageLabel="How can we help?"
        submitLabel="Send your message"
        successText="Thank you! Your message is with the Atelier team: we answer within two working days, by e-mail or a call."
      />
    </div>
  );
}
