# The deb's AppArmor profile (Ubuntu 24.04 and later restrict unprivileged user namespaces, which
# Chromium's sandbox needs), installed as /etc/apparmor.d/${executable}. electron-builder's own
# attaches to /opt/${sanitizedProductName}/${executable} alone, which here is the launcher (a shell
# script, build/launcher/notarium) that execs Electron's binary, ${executable}-bin: whether that exec
# stays in the profile is not something to leave to AppArmor's transition rules, so this one names
# both. Otherwise it is electron-builder's template (templates/linux/apparmor-profile.tpl).
abi <abi/4.0>,
include <tunables/global>

profile "${executable}" "/opt/${sanitizedProductName}/{${executable},${executable}-bin}" flags=(unconfined) {
  userns,

  # Site-specific additions and overrides. See local/README for details.
  include if exists <local/${executable}>
}
