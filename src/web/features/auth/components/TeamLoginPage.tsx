export default function TeamLoginPage() {
  return null;
}
