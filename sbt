#!/usr/bin/env bash
# Repo-local sbt: fetches the pinned sbt launcher through Maven (JDK 17 + Maven are all it needs)
# and runs it against Maven Central only. Usage: ./sbt [sbt commands...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
version=1.10.7
sha=3cca02818047327a83efde776103a1ef92f76f72c062badbbb062499a3270c07
dir="$here/.sbt-launcher"
jar="$dir/sbt-launch-$version.jar"
export MAVEN_OPTS="${MAVEN_OPTS:-} -Duser.home=$HOME"

verify() { [ -f "$jar" ] && [ "$(sha256sum "$jar" | cut -d' ' -f1)" = "$sha" ]; }

if ! verify; then
  mkdir -p "$dir"
  rm -f "$jar"
  echo "sbt: fetching launcher $version through Maven..." >&2
  mvn -q -B org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
    -Dartifact="org.scala-sbt:sbt-launch:$version" -DoutputDirectory="$dir" -Dmdep.overWriteIfNewer=true \
    -Dmdep.stripVersion=false </dev/null >&2
  verify || { echo "sbt: launcher checksum mismatch; refusing to run it" >&2; rm -f "$jar"; exit 1; }
fi

exec java -Duser.home="$HOME" -Xss4m -Xmx${SBT_HEAP:-3g} -XX:+UseParallelGC \
  -Dsbt.repository.config="$here/project/repositories" -Dsbt.override.build.repos=true \
  -Dsbt.server.forcestart=false -Dsbt.color="${SBT_COLOR:-auto}" -Dsbt.supershell=false \
  -jar "$jar" "$@"
