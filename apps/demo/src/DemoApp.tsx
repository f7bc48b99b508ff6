import { useState } from 'react';
import { LoginScreen } from '@pando/ui';

/** The demo's first screen; the admin console demo arrives with the admin wave. */
export function DemoApp() {
  const [email, setEmail] = useState('org.admin@example.org');
  const [step, setStep] = useState<'email' | 'code'>('email');
  return (
    <LoginScreen
      productName="Pando demo"
      step={step}
      email={email}
      onEmailChange={setEmail}
      onRequestCode={() => {
        setStep('code');
      }}
      onSubmitCode={() => undefined}
      onBack={() => {
        setStep('email');
      }}
      status="idle"
      emailSentTo={step === 'code' ? email : undefined}
    />
  );
}
