// /transparantie: the Dutch address of the transparency page (/transparency).
export { default, dynamic, generateMetadata } from "../transparency/page";
