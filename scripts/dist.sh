#!/usr/bin/env bash
# Makes the release archive, run by `./mvnw -Pdist package` (linestore-dist) after the command-line
# and S3 jars are built:
#
#   scripts/dist.sh TARGET NAME MANUALS
#
# writes TARGET/NAME-linux-x86_64.tar.gz, which unpacks to NAME/:
#
#   bin/linestore          the launcher (the repository's own ./linestore, which sees it is installed,
#                          starting /bin/bash directly)
#   runtime/               a Java runtime made by jlink with the modules jdeps finds the jars need
#   lib/linestore.jar      the command line; lib/linestore-s3.jar and lib/s3/ (the AWS SDK) for s3://
#                          and https://; lib/native/ the zstd library, unpacked once here
#   man/man1/              linestore.1 and one page per command (from the picocli model, via MANUALS)
#   completion/            linestore.bash (bash; zsh through bashcompinit) and linestore.zsh
#   LICENSE, README.txt
#
# MANUALS holds what the Manuals class wrote: man/man1/*.1, completion/linestore.bash, and java-home,
# the JDK 25 whose jlink, jdeps and modules make the runtime.
set -euo pipefail

(($# == 3)) || { echo "usage: scripts/dist.sh TARGET NAME MANUALS" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
target=$1 name=$2 manuals=$3
jdk=$(<"$manuals/java-home")
stage=$target/$name
archive=$target/$name-linux-x86_64.tar.gz

rm -rf -- "$stage" "$archive"
mkdir -p "$stage"/{bin,lib/s3,lib/native,man/man1,completion}

# The archive is for Linux, where bash is /bin/bash: named directly, it starts without the env
# process the checkout's `#!/usr/bin/env bash` costs (about 1.3 ms of every command).
sed '1s|^#!/usr/bin/env bash$|#!/bin/bash|' "$root/linestore" >"$stage/bin/linestore"
chmod 755 "$stage/bin/linestore"
[[ $(head -n 1 "$stage/bin/linestore") == '#!/bin/bash' ]] || { echo "dist: the launcher's first line is not #!/usr/bin/env bash" >&2; exit 1; }
cp "$root/linestore-cli/target/linestore.jar" "$root/linestore-s3/target/linestore-s3.jar" "$stage/lib/"
cp "$root"/linestore-s3/target/lib/*.jar "$stage/lib/s3/"
# zstd-jni would unpack its library into a new temporary file at every start.
(cd "$stage/lib/native" && "$jdk/bin/jar" xf "$stage/lib/linestore.jar" linux/amd64/)
# Dated now, not with the jar entry's older date, as the launcher's own unpacking leaves it.
find "$stage/lib/native" -type f -exec touch {} +
cp "$manuals"/man/man1/*.1 "$stage/man/man1/"
cp "$manuals/completion/linestore.bash" "$stage/completion/"
cat >"$stage/completion/linestore.zsh" <<'ZSH'
# zsh completion for linestore: picocli's bash completion, through zsh's bashcompinit.
# Source it from ~/.zshrc:  source /path/to/linestore/completion/linestore.zsh
autoload -U +X compinit && compinit
autoload -U +X bashcompinit && bashcompinit
source "${${(%):-%x}:A:h}/linestore.bash"
ZSH
cp "$root/LICENSE" "$stage/"
cp "$root/linestore-dist/src/main/dist/README.txt" "$stage/"

# The modules the classes need, found by jdeps over every class of every jar on the class path
# (unpacked without their module descriptors: the launcher runs them as a class path).
classes=$(mktemp -d "$target/classes.XXXXXX")
trap 'rm -rf -- "$classes"' EXIT
for jar in "$stage"/lib/*.jar "$stage"/lib/s3/*.jar; do
  (cd "$classes" && "$jdk/bin/jar" xf "$jar")
done
find "$classes" -name module-info.class -delete
modules=$("$jdk/bin/jdeps" --ignore-missing-deps --print-module-deps --multi-release 25 "$classes")
# jdk.crypto.cryptoki and friends are not needed; the JDK's TLS and DNS are in java.base.
"$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
  --compress zip-6 --generate-cds-archive --output "$stage/runtime"
# The class data archive for heaps over 32 GiB (no compressed pointers): a command line never has one.
rm -f "$stage/runtime/lib/server/classes_nocoops.jsa"

tar -C "$target" -czf "$archive" "$name"
printf 'dist: %s (%s MB; unpacked %s MB; runtime modules: %s)\n' "$archive" \
  "$(($(stat -c %s "$archive") / 1000000))" "$(($(du -sb "$stage" | cut -f1) / 1000000))" "$modules"
