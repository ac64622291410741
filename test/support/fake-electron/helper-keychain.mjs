// The keychain as a utility process meets it on macOS (@napi-rs/keyring and its keytar API, which
// hooks.mjs sends here in a utility process): every call refused, as the user's "Deny" to the
// system's prompt. Chromium starts every child process, utility processes too, from the Helper
// bundle (content/common/child_process_host_impl.cc ChildProcessHost::GetChildPath), a code
// identity of its own ("Notarium Helper", bundle id `<appId>.helper`: electron-builder's
// mac.helperBundleId), not the app's. An item's access list trusts the application that created it
// (Apple's Security documentation, SecAccessCreate: a nil list trusts only the calling app), and a
// caller the list does not name makes the system prompt the user, who may deny it (Apple's Security
// documentation, "Access Control Lists", for items outside the iCloud keychain, as keyring-rs's
// generic passwords are). The installed command runs in the main process, as "Notarium", and
// creates items as often as the app: an item the Helper may read without a prompt is one the
// command may not, and the reverse. The stand-in takes the least kind reading on every platform
// (Linux's Secret Service and Windows' Credential Manager keep no list per application; macOS
// decides): the Helper is refused.
const refused = async () => {
  throw new Error(
    'stand-in: the keychain asks the user whether "Notarium Helper" (a utility process) may use an item trusted to "Notarium", and the user denied it; make keychain calls in the main process',
  );
};

export const getPassword = refused;
export const setPassword = refused;
export const deletePassword = refused;
export const findPassword = refused;
export const findCredentials = refused;
export default { getPassword, setPassword, deletePassword, findPassword, findCredentials };
