import { type FormEvent, type InputHTMLAttributes, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { StaticShell } from './static-shell';

/** A labelled text field of the form. */
function Field({ label, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-sm font-medium">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="h-12 w-full rounded-xl border-2 border-neutral-300 bg-white px-3 outline-none focus:border-brand"
        {...props}
      />
    </div>
  );
}

/** /Register: the static registration form of SPEC §2; it makes no calls and leads to /VerifyOtp. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [show, setShow] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate('/VerifyOtp');
  };
  const secret = show ? 'text' : 'password';
  return (
    <StaticShell title="Create Account">
      <form onSubmit={submit} className="flex flex-col gap-3">
        <Field label="Name" autoComplete="name" />
        <Field label="Email" type="email" autoComplete="email" />
        <Field label="Phone Number" type="tel" inputMode="tel" autoComplete="tel" />
        <Field label="Password" type={secret} placeholder="6-20 characters" autoComplete="new-password" />
        <Field
          label="Confirm Password"
          type={secret}
          placeholder="6-20 characters"
          autoComplete="new-password"
        />
        <button
          type="button"
          onClick={() => setShow((s) => !s)}
          className="min-h-11 self-end px-2 text-sm font-semibold underline decoration-brand decoration-2 underline-offset-4"
        >
          {show ? 'Hide' : 'Show'}
        </button>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            className="size-5 accent-brand"
          />
          I agree to Terms and condition
        </label>
        <Button type="submit" className="h-12">
          Create An Account
        </Button>
      </form>
    </StaticShell>
  );
}
