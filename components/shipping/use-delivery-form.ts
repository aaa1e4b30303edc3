"use client";

/**
 * The delivery dialog's state: the method, the destination (a service point or
 * a home address) and the country; prefilled from the buyer's last destination (GET
 * /api/shipping/address); checked before sending, and the API's 422 put on its field.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { ApiError } from "@/components/lib/api-client";
import { useFormErrors } from "@/components/lib/use-form-errors";
import { useSessionUser } from "@/components/auth/use-session-user";
import { EMPTY_ADDRESS, type AddressField, type AddressValues } from "./address-fields";
import { methodOf, sellerGroups, type CheckoutItem, type SellerGroup } from "./checkout-totals";
import { fetchSavedDestination, fetchShippingOptions } from "./shipping-api";
import { shippingPostcode, type DeliveryMethod, type ServicePoint, type ShippingCountry, type ShippingSizeOption } from "./types";

export type DeliveryField = AddressField | "service_point_id" | "recipient_name" | "delivery_method";
export type Destination = "point" | "home";

const ORDER: readonly DeliveryField[] = ["delivery_method", "service_point_id", "recipient_name", "name", "street", "house_number", "house_number_suffix", "postcode", "city"];

/** What the checkout endpoints take besides the product(s). */
export type DeliveryBody = {
  delivery_method?: DeliveryMethod;
  /** A cart with several sellers: the way each seller's parcel goes. */
  delivery_by_seller?: Record<string, DeliveryMethod>;
  delivery_methods?: Record<string, DeliveryMethod>;
  shipping_address?: AddressValues & { country: ShippingCountry; house_number_suffix?: string };
  service_point_id?: string;
  recipient_name?: string;
};

const FIELD_NAMES = new Set<string>(ORDER);

/** The form's field of an API field name (`shipping_address.postcode` → `postcode`). */
export function deliveryFieldOf(name: string): DeliveryField | undefined {
  const last = name.split(".").pop() ?? name;
  if (last === "shipping_address" || last === "address") return "street";
  return FIELD_NAMES.has(last) ? (last as DeliveryField) : undefined;
}

type Setter<T> = React.Dispatch<React.SetStateAction<T>>;

/**
 * The size options, and the buyer's saved address or service point (the last used),
 * filled in once when the form opens.
 */
function usePrefill(set: {
  setSizes: Setter<ShippingSizeOption[] | null>;
  setOptionsFailed: Setter<boolean>;
  setAddress: Setter<AddressValues>;
  setSavedName: Setter<string | null>;
  setCountry: Setter<ShippingCountry>;
  setPostcode: Setter<string>;
  setPrefilled: Setter<boolean>;
  setPoints: Setter<ServicePoint[] | null>;
  setPointId: Setter<string | null>;
  setDestination: Setter<Destination>;
}) {
  const { setSizes, setOptionsFailed, setAddress, setSavedName, setCountry, setPostcode, setPrefilled, setPoints, setPointId, setDestination } = set;
  React.useEffect(() => {
    let current = true;
    void fetchShippingOptions().then((result) => {
      if (!current) return;
      if (result.ok) setSizes(result.data.sizes);
      else setOptionsFailed(true);
    });
    const controller = new AbortController();
    void fetchSavedDestination(controller.signal).then((result) => {
      if (!current || !result.ok) return;
      const { address: saved, service_point: point } = result.data;
      if (saved) {
        setAddress({
          name: saved.name,
          street: saved.street,
          house_number: saved.house_number,
          house_number_suffix: saved.house_number_suffix ?? "",
          postcode: saved.postcode,
          city: saved.city,
        });
        setSavedName(saved.name);
        setCountry(saved.country);
        setPostcode(saved.postcode);
        setPrefilled(true);
      }
      if (point) {
        setPoints([point]);
        setPointId(point.id);
        setPostcode(point.address.postcode);
        setCountry(point.address.country);
        setDestination("point");
        setPrefilled(true);
      } else if (saved) {
        setDestination("home");
      }
    });
    return () => {
      current = false;
      controller.abort();
    };
  }, [setSizes, setOptionsFailed, setAddress, setSavedName, setCountry, setPostcode, setPrefilled, setPoints, setPointId, setDestination]);
}

/** The home address as the checkout wants it; null after noting what is missing in `errors`. */
function homeAddress(
  address: AddressValues,
  country: ShippingCountry,
  t: ReturnType<typeof useTranslations<"shipping.checkout">>,
  errors: Partial<Record<DeliveryField, string>>,
): DeliveryBody["shipping_address"] | null {
  for (const field of ["name", "street", "house_number", "postcode", "city"] as const) {
    if (!address[field].trim()) errors[field] = t("errors.required");
  }
  const tidy = shippingPostcode(address.postcode, country);
  if (address.postcode.trim() && !tidy) errors.postcode = t(country === "NL" ? "errors.postcodeNL" : "errors.postcodeBE");
  if (Object.keys(errors).length) return null;
  const suffix = address.house_number_suffix.trim();
  return {
    name: address.name.trim(),
    street: address.street.trim(),
    house_number: address.house_number.trim(),
    ...(suffix ? { house_number_suffix: suffix } : {}),
    postcode: tidy!,
    city: address.city.trim(),
    country,
  } as DeliveryBody["shipping_address"];
}

/** One method for every item: the items that cannot go that way go the way they can. */
function singleChoiceBody(items: readonly CheckoutItem[], chosen: DeliveryMethod): DeliveryBody {
  const overrides: Record<string, DeliveryMethod> = {};
  for (const item of items) {
    const actual = methodOf(item, chosen);
    if (actual !== chosen) overrides[item.productId] = actual;
  }
  return { delivery_method: chosen, ...(Object.keys(overrides).length ? { delivery_methods: overrides } : {}) };
}

/**
 * A cart with items of several sellers: one choice per seller's parcel (pickup at that
 * seller's town, or shipping), each seller's items travel together. A seller whose items
 * allow no common way (one only picked up, one only shipped) sends each item its own way.
 */
function useSellerChoice(items: CheckoutItem[] | null) {
  const groups = React.useMemo(() => (items ? sellerGroups(items) : []), [items]);
  const [perSeller, setPerSeller] = React.useState<Record<string, DeliveryMethod>>({});
  /** The way a seller's parcel goes: the buyer's choice if it can, else shipping when all of it ships; null for a mixed one. */
  const groupMethod = (group: SellerGroup): DeliveryMethod | null => {
    if (!group.pickup && !group.shipping) return null;
    const picked = perSeller[group.sellerId];
    if (picked && group[picked]) return picked;
    return group.shipping ? "shipping" : "pickup";
  };
  const itemMethod = (item: CheckoutItem): DeliveryMethod => {
    const group = groups.find((g) => g.sellerId === item.sellerId);
    return (group && groupMethod(group)) ?? methodOf(item, "pickup");
  };
  const body = (): DeliveryBody => {
    const bySeller: Record<string, DeliveryMethod> = {};
    const own: Record<string, DeliveryMethod> = {};
    for (const group of groups) {
      const way = groupMethod(group);
      if (way) bySeller[group.sellerId] = way;
      else for (const item of group.items) own[item.productId] = methodOf(item, "pickup");
    }
    return { delivery_by_seller: bySeller, ...(Object.keys(own).length ? { delivery_methods: own } : {}) };
  };
  return {
    groups,
    multiSeller: groups.length > 1,
    groupMethod,
    itemMethod,
    setSellerMethod: (sellerId: string, way: DeliveryMethod) => setPerSeller((current) => ({ ...current, [sellerId]: way })),
    body,
  };
}

/** Which ways of delivery at least one item offers. */
function offersOf(items: CheckoutItem[] | null) {
  return { pickup: !!items?.some((item) => item.pickup), shipping: !!items?.some((item) => item.shipping) };
}

export function useDeliveryForm(items: CheckoutItem[] | null) {
  const t = useTranslations("shipping.checkout");
  const [sizes, setSizes] = React.useState<ShippingSizeOption[] | null>(null);
  const [optionsFailed, setOptionsFailed] = React.useState(false);
  const [method, setMethod] = React.useState<DeliveryMethod | null>(null);
  const [destination, setDestination] = React.useState<Destination>("point");
  const [country, setCountry] = React.useState<ShippingCountry>("NL");
  const [typedAddress, setAddress] = React.useState<AddressValues>(EMPTY_ADDRESS);
  const [postcode, setPostcode] = React.useState("");
  const [points, setPoints] = React.useState<ServicePoint[] | null>(null);
  const [pointId, setPointId] = React.useState<string | null>(null);
  // null until typed: the saved name, else the account's name.
  const [typedRecipient, setRecipient] = React.useState<string | null>(null);
  const [savedName, setSavedName] = React.useState<string | null>(null);
  const session = useSessionUser();
  const recipient = typedRecipient ?? savedName ?? session.user?.name ?? "";
  const [prefilled, setPrefilled] = React.useState(false);
  const { formRef, ...form } = useFormErrors<DeliveryField>({ order: ORDER });

  const offers = React.useMemo(() => offersOf(items), [items]);
  // The default method: shipping when every item ships, else pickup.
  const chosen: DeliveryMethod = method ?? (items && items.length > 0 && items.every((item) => item.shipping) ? "shipping" : "pickup");
  const parcels = useSellerChoice(items);
  const itemMethod = (item: CheckoutItem) => (parcels.multiSeller ? parcels.itemMethod(item) : methodOf(item, chosen));
  const ships = !!items?.some((item) => itemMethod(item) === "shipping");

  // The home address's name starts as the account's (a saved address brings its own)
  // until the name is edited.
  const [nameEdited, setNameEdited] = React.useState(false);
  const address = typedAddress.name || nameEdited ? typedAddress : { ...typedAddress, name: session.user?.name ?? "" };

  usePrefill({ setSizes, setOptionsFailed, setAddress, setSavedName, setCountry, setPostcode, setPrefilled, setPoints, setPointId, setDestination });

  function changeAddress(field: AddressField, value: string) {
    if (field === "name") setNameEdited(true);
    setAddress((current) => ({ ...current, [field]: value }));
    form.clear(field);
  }

  /** The body's delivery fields, or null after showing what is missing. */
  function body(): DeliveryBody | null {
    if (!items) return null;
    const base = parcels.multiSeller ? parcels.body() : singleChoiceBody(items, chosen);
    if (!ships) return base;
    const errors: Partial<Record<DeliveryField, string>> = {};
    if (destination === "point") {
      if (!pointId) errors.service_point_id = t("errors.point");
      if (!recipient.trim()) errors.recipient_name = t("errors.required");
      if (Object.keys(errors).length) {
        form.show(errors);
        return null;
      }
      return { ...base, service_point_id: pointId!, recipient_name: recipient.trim() };
    }
    const home = homeAddress(address, country, t, errors);
    if (!home) {
      form.show(errors);
      return null;
    }
    return { ...base, shipping_address: home };
  }

  /** A 422 of the checkout on its field; true when it named one the form shows. */
  function showServerError(failure: ApiError, text: string): boolean {
    const named = typeof failure.body.field === "string" ? failure.body.field : failure.errors[0]?.field;
    const field = named ? deliveryFieldOf(named) : undefined;
    if (!field || field === "delivery_method") return false;
    form.show({ [field]: field === "postcode" ? t(country === "NL" ? "errors.postcodeNL" : "errors.postcodeBE") : text });
    return true;
  }

  const state = {
    sizes,
    optionsFailed,
    offers,
    chosen,
    setMethod,
    groups: parcels.groups,
    multiSeller: parcels.multiSeller,
    groupMethod: parcels.groupMethod,
    setSellerMethod: parcels.setSellerMethod,
    itemMethod,
    ships,
    destination,
    setDestination: (next: Destination) => {
      setDestination(next);
      form.reset();
    },
    country,
    setCountry: (next: ShippingCountry) => {
      setCountry(next);
      setPoints(null);
      setPointId(null);
    },
    address,
    changeAddress,
    postcode,
    setPostcode,
    points,
    setPoints,
    pointId,
    setPointId: (id: string) => {
      setPointId(id);
      form.clear("service_point_id");
    },
    recipient,
    setRecipient: (value: string) => {
      setRecipient(value);
      form.clear("recipient_name");
    },
    prefilled,
    form,
    body,
    showServerError,
  };
  // The form's ref apart: render code reads the state, never the ref.
  return [formRef, state] as const;
}
