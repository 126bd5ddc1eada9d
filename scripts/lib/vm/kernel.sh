# The VM ring's kernel: Debian's own kernel image, plus what Debian builds without (vkms, built
# here out of tree from Debian's source with vkms.patch beside this file), packed into an
# initramfs with busybox and the modules the tests need. Sourced by scripts/vm-test, not run;
# uses `say` from common.sh.
#
# A cache entry is a directory named after the kernel version (6.1.0-56-amd64):
#   vmlinux          the uncompressed kernel (qemu boots it through its PVH entry: no firmware,
#                    no in-guest decompression — a few seconds less under TCG)
#   vmlinuz          Debian's compressed image, booted when vmlinux could not be extracted
#   base.cpio.gz     busybox and the modules in load order (the per-run init is appended)
#   modules.order    what base.cpio.gz loads, in order (for reading)
#   recipe           what the entry was built from; an entry with another recipe is rebuilt
# It is built in a temporary directory beside it and renamed into place at the end, so a
# half-built entry is never used; a lock keeps two runs from building at once.

# Modules loaded at boot, in order, with their parameters; dependencies are added before each.
#   9p over virtio-pci: the host's root (read-only) and the run's work directory.
#   vkms: the virtual KMS device: a Virtual and a Writeback connector, an overlay plane (video
#         on a plane of its own: above the primary, no zpos, no scaling), and (our patch) an
#         FB_DAMAGE_CLIPS property on its primary plane.
#   evdev, uinput: input devices made by the tests.
VM_MODULES=(
    "virtio_pci"
    "9pnet_virtio"
    "9p"
    "vkms enable_writeback=1 enable_cursor=1 enable_overlay=1 enable_damage_clips=1"
    "evdev"
    "uinput"
)

# The Debian packages the kernel comes from, found from the linux-image-amd64 metapackage (or
# VITRINE_VM_KERNEL_PACKAGE, e.g. linux-image-6.1.0-56-amd64). Sets VM_KPKG (package), VM_KVER
# (6.1.0-56-amd64), VM_KSERIES (6.1) and VM_KDEBVER (Debian version, 6.1.192-2). Returns 1 when
# apt does not know them.
vm_resolve_kernel() {
    VM_KPKG=${VITRINE_VM_KERNEL_PACKAGE:-$(apt-cache depends linux-image-amd64 2>/dev/null \
        | awk '/Depends: linux-image-[0-9]/ { print $2; exit }')}
    [ -n "$VM_KPKG" ] || return 1
    VM_KVER=${VM_KPKG#linux-image-}
    VM_KVER=${VM_KVER%-unsigned}
    VM_KSERIES=$(printf '%s' "$VM_KVER" | cut -d. -f1,2)
    VM_KDEBVER=$(apt-cache policy "$VM_KPKG" 2>/dev/null | awk '/Candidate:/ { print $2; exit }')
    [ -n "$VM_KDEBVER" ] && [ "$VM_KDEBVER" != "(none)" ]
}

# What a cache entry is made from besides the kernel: a change to any of it rebuilds the entry.
vm_recipe() {
    local here=$1
    {
        printf 'kernel %s %s\n' "$VM_KPKG" "$VM_KDEBVER"
        printf 'module %s\n' "${VM_MODULES[@]}"
        sha256sum "$here/vkms.patch" | cut -d' ' -f1
        printf 'busybox %s\n' "$(dpkg-query -W -f='${Version}' busybox-static 2>/dev/null)"
    }
}

# Whether $1 is a complete cache entry for the current recipe.
vm_entry_is_complete() {
    local entry=$1 here=$2
    [ -f "$entry/recipe" ] && [ -f "$entry/base.cpio.gz" ] && { [ -f "$entry/vmlinux" ] || [ -f "$entry/vmlinuz" ]; } \
        && [ "$(cat "$entry/recipe")" = "$(vm_recipe "$here")" ]
}

# Extracts the ELF kernel inside a bzImage ($1) to $2: the payload is found by its compression
# magic (xz, gzip or zstd) and decompressed until an ELF header comes out.
vm_extract_vmlinux() {
    local image=$1 out=$2 magic tool offset
    for magic in 'xz:\xfd7zXZ\x00' 'gzip:\x1f\x8b\x08' 'zstd:\x28\xb5\x2f\xfd'; do
        tool=${magic%%:*}
        for offset in $(LC_ALL=C grep -obUaP "${magic#*:}" "$image" | cut -d: -f1); do
            # The payload is followed by the rest of the image: the decompressor complains about it
            # after writing everything, so its status says nothing; the ELF magic does.
            tail -c "+$((offset + 1))" "$image" | "$tool" -dc 2>/dev/null > "$out.part" || true
            if [ "$(head -c 4 "$out.part" | od -An -tx1 | tr -d ' \n')" = "7f454c46" ]; then
                mv "$out.part" "$out"
                return 0
            fi
        done
    done
    rm -f "$out.part"
    return 1
}

# Builds a cache entry for the resolved kernel into the empty directory $1 (the scratch space is
# $1/work, removed at the end). $2 is scripts/lib/vm. Downloads about 225 MB.
vm_build_entry() {
    local entry=$1 here=$2
    local work="$entry/work"
    mkdir -p "$work/debs" "$work/root" "$work/vkms" "$work/initramfs"
    say "vm: downloading $VM_KPKG $VM_KDEBVER, its headers and the kernel source (about 225 MB)"
    local packages=(
        "$VM_KPKG=$VM_KDEBVER"
        "linux-headers-$VM_KVER=$VM_KDEBVER"
        "linux-headers-${VM_KVER%-*}-common=$VM_KDEBVER"
        "linux-kbuild-$VM_KSERIES=$VM_KDEBVER"
        "linux-source-$VM_KSERIES=$VM_KDEBVER"
    )
    if ! (cd "$work/debs" && apt-get download -q "${packages[@]}" 2>&1 | grep -v -i 'unsandboxed' >&2; exit "${PIPESTATUS[0]}"); then
        return 11
    fi
    say "vm: unpacking the kernel, its modules and headers"
    local deb
    for deb in "$work"/debs/*.deb; do
        case $deb in *linux-source-*) ;; *) dpkg-deb -x "$deb" "$work/root" ;; esac
    done
    local headers="$work/root/usr/src/linux-headers-$VM_KVER"
    [ -d "$headers" ] || { say "vm: $headers is missing from the headers package"; return 12; }
    # The headers' Makefile includes the common headers by their installed path: point it here.
    sed -i "s#^include /usr/src/#include $work/root/usr/src/#" "$headers/Makefile"
    say "vm: taking drivers/gpu/drm/vkms from the kernel source"
    dpkg-deb --fsys-tarfile "$work"/debs/linux-source-*.deb \
        | tar -xO "./usr/src/linux-source-$VM_KSERIES.tar.xz" \
        | tar -xJ -C "$work/vkms" --strip-components=5 --wildcards "linux-source-$VM_KSERIES/drivers/gpu/drm/vkms/*" \
        || { say "vm: the kernel source has no drivers/gpu/drm/vkms"; return 12; }
    rm -rf "$work/debs"
    say "vm: building vkms $VM_KVER with our patch (writeback clones, damage clips)"
    if ! patch -d "$work/vkms" -p1 --forward --quiet < "$here/vkms.patch"; then
        say "vm: $here/vkms.patch does not apply to vkms of $VM_KVER — update the patch (see its header"
        say "    for what it must do)"
        return 12
    fi
    if ! make -s -C "$headers" M="$work/vkms" CONFIG_DRM_VKMS=m CONFIG_DEBUG_INFO_BTF_MODULES= \
        -j"$(nproc)" modules >"$work/vkms-build.log" 2>&1; then
        cat "$work/vkms-build.log" >&2
        say "vm: building vkms failed (log above)"
        return 12
    fi
    local modules="$work/root/lib/modules/$VM_KVER"
    mkdir -p "$modules/extra"
    cp "$work/vkms/vkms.ko" "$modules/extra/"
    depmod -b "$work/root" "$VM_KVER"

    say "vm: packing busybox and the modules"
    local irfs="$work/initramfs"
    mkdir -p "$irfs/bin" "$irfs/dev" "$irfs/proc" "$irfs/sys" "$irfs/host" "$irfs/modules"
    cp /bin/busybox "$irfs/bin/busybox"
    : > "$irfs/modules/order"
    local line name params file base seen=" "
    for line in "${VM_MODULES[@]}"; do
        name=${line%% *}
        params=""
        [ "$name" = "$line" ] || params=${line#* }
        local deps kind
        if ! deps=$(modprobe -d "$work/root" -S "$VM_KVER" --show-depends "$name" 2>&1); then
            say "vm: module $name of $VM_KVER: $deps"
            return 12
        fi
        while read -r kind file _; do
            [ "$kind" = insmod ] || continue          # "builtin NAME": nothing to load
            base=$(basename "$file")
            base=${base%.xz}; base=${base%.zst}; base=${base%.ko}
            case $seen in *" $base "*) continue ;; esac
            seen="$seen$base "
            case $file in
                *.xz) xz -dc "$file" > "$irfs/modules/$base.ko" ;;
                *.zst) zstd -qdc "$file" > "$irfs/modules/$base.ko" ;;
                *) cp "$file" "$irfs/modules/$base.ko" ;;
            esac
            if [ -n "$params" ] && { [ "$base" = "$name" ] || [ "$base" = "${name//_/-}" ]; }; then
                printf '%s %s\n' "$base" "$params" >> "$irfs/modules/order"
            else
                printf '%s\n' "$base" >> "$irfs/modules/order"
            fi
        done <<< "$deps"
    done
    (cd "$irfs" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -1) > "$entry/base.cpio.gz"
    cp "$work/root/boot/vmlinuz-$VM_KVER" "$entry/vmlinuz"
    vm_extract_vmlinux "$entry/vmlinuz" "$entry/vmlinux" \
        || say "vm: no ELF kernel inside vmlinuz-$VM_KVER; booting the compressed image (slower)"
    cp "$irfs/modules/order" "$entry/modules.order"
    rm -rf "$work"
    # Called in a `||` list, where `set -e` does not act: check the result as a whole.
    if ! [ -s "$entry/base.cpio.gz" ] || ! [ -s "$entry/vmlinuz" ] || ! grep -q '^vkms ' "$entry/modules.order"; then
        say "vm: the initramfs or the kernel image was not made (see above)"
        return 12
    fi
    vm_recipe "$here" > "$entry/recipe"
}
