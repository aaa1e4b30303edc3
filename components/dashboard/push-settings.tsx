"use client";

/**
 * The Settings tab's push section (docs/notifications.md): turns Web Push on or off for
 * this device (the browser asks for permission; the subscription is stored with POST
 * /api/push/subscriptions) and which kinds of pushes the account's devices receive.
 * Loaded on its own chunk when the Settings tab opens.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { BellRingIcon } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { api } from "@/components/lib/api-client";

type DeviceState = "unsupported" | "denied" | "off" | "on" | "busy";

function supported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

async function subscribeDevice(): Promise<void> {
  const { public_key } = await api<{ public_key: string }>("/api/push/public-key");
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const key = Uint8Array.from(atob(public_key.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await api("/api/push/subscriptions", { method: "POST", json: subscription.toJSON() });
}

async function unsubscribeDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api("/api/push/subscriptions", { method: "DELETE", json: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

function useDeviceState(): [DeviceState, React.Dispatch<React.SetStateAction<DeviceState>>] {
  // Loaded without server rendering: the browser's answers are there at once.
  const [state, setState] = React.useState<DeviceState>(() => (!supported() ? "unsupported" : Notification.permission === "denied" ? "denied" : "off"));
  React.useEffect(() => {
    if (!supported()) return;
    currentSubscription()
      .then((s) => setState((now) => (now === "off" && s ? "on" : now)))
      .catch(() => undefined);
  }, []);
  return [state, setState];
}

export function PushSection({ initial, patch }: { initial: Record<string, boolean>; patch: (body: Record<string, unknown>) => Promise<{ push_preferences?: Record<string, boolean> }> }) {
  const t = useTranslations("settings.push");
  const [device, setDevice] = useDeviceState();
  const [prefs, setPrefs] = React.useState(initial);

  async function switchDevice(on: boolean) {
    setDevice("busy");
    try {
      if (on) {
        if ((await Notification.requestPermission()) !== "granted") return setDevice("denied");
        await subscribeDevice();
      } else await unsubscribeDevice();
      setDevice(on ? "on" : "off");
      toast.success(on ? t("enabled") : t("disabled"));
    } catch {
      setDevice(on ? "off" : "on");
      toast.error(t("failed"));
    }
  }

  async function toggle(category: string, on: boolean) {
    const before = prefs;
    setPrefs({ ...prefs, [category]: on });
    try {
      const saved = await patch({ push_preferences: { [category]: on } });
      if (saved.push_preferences) setPrefs(saved.push_preferences);
      toast.success(t("saved"));
    } catch {
      setPrefs(before);
      toast.error(t("failed"));
    }
  }

  return (
    <section aria-labelledby="settings-push-title" className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6" data-testid="settings-push-section">
      <header className="mb-4 flex items-start gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <BellRingIcon aria-hidden="true" className="size-4.5" />
        </span>
        <div>
          <h2 id="settings-push-title" className="text-lg font-semibold tracking-tight">{t("title")}</h2>
          <p className="mt-0.5 text-sm text-muted-foreground">{t("description")}</p>
        </div>
      </header>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <p className="text-sm" data-testid="settings-push-status">{t(`device.${device === "busy" ? "off" : device}`)}</p>
        {device === "on" || device === "off" || device === "busy" ? (
          <Button variant="outline" size="sm" disabled={device === "busy"} onClick={() => switchDevice(device !== "on")} data-testid="settings-push-device">
            {device === "on" ? t("turnOff") : t("turnOn")}
          </Button>
        ) : null}
      </div>
      <ul className="flex flex-col gap-3">
        {Object.keys(prefs).map((category) => (
          <li key={category} className="flex items-center gap-3">
            <Checkbox id={`settings-push-${category}`} checked={prefs[category]} onCheckedChange={(v) => toggle(category, v === true)} data-testid={`settings-push-${category}`} />
            <Label htmlFor={`settings-push-${category}`}>{t.has(`categories.${category}`) ? t(`categories.${category}`) : category}</Label>
          </li>
        ))}
      </ul>
    </section>
  );
}
