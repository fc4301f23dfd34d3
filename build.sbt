// mvt: one sbt module per part of the trading stack. Dependencies point one way (see docs/design.md).
ThisBuild / scalaVersion := "3.3.7"
ThisBuild / organization := "mvt"
ThisBuild / version := "0.1.0"
ThisBuild / scalacOptions ++= Seq(
  "-deprecation",
  "-feature",
  "-unchecked",
  "-Wunused:imports,privates,locals"
)

val V = new {
  val cats = "2.13.0"
  val catsEffect = "3.6.3"
  val circe = "0.14.15"
  val decline = "2.4.0"
  val doobie = "1.0.0-RC12"
  val fs2 = "3.12.2"
  val hdr = "2.2.2"
  val http4s = "0.23.33"
  val munit = "1.3.0"
  val munitScalacheck = "1.3.0"
  val pekko = "1.2.1"
  val scalacheck = "1.18.1"
  val selenium = "4.49.0"
  val sqlite = "3.54.1.0"
  val uplot = "1.6.30"
  val slf4j = "2.0.17"
  val quickfixj = "2.3.2"
}

lazy val testDeps = Seq(
  "org.scalameta" %% "munit" % V.munit % Test,
  "org.scalameta" %% "munit-scalacheck" % V.munitScalacheck % Test,
  "org.scalacheck" %% "scalacheck" % V.scalacheck % Test
)

// The outside peer for throughput and latency comparisons, used only by bench code. cli lists it too because
// sbt's resolution through the bench project drops it from cli's classpath, and the jar must carry it.
lazy val peerDeps = Seq(
  "exchange.core2" % "exchange-core" % "0.5.3",
  // exchange-core logs through slf4j; without a binding every run prints a warning. The same 2.x as Pekko's
  // slf4j-api, so one slf4j version is on every classpath.
  "org.slf4j" % "slf4j-nop" % V.slf4j
)

lazy val common = Seq(
  libraryDependencies ++= testDeps,
  Test / fork := true,
  // the --add-opens are what a cluster node's durable ledger (LMDB) needs, as the mvt script gives them
  Test / javaOptions ++= Seq("-Xss8m", "-Xmx2g", "-XX:+UseParallelGC") ++
    Seq("--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED") ++
    // the JVMs the tests fork (cluster nodes, `mvt` runs) live for seconds: the quick compiler alone, so that
    // several starting at once on two cores do not starve each other compiling (see mvt.cluster.fork.Launcher)
    Seq("-Dmvt.fork.jvm-options=-XX:TieredStopAtLevel=1"),
  Test / testOptions += Tests.Argument(TestFrameworks.MUnit, "-b"),
  Test / testGrouping := (Test / testGrouping).value.map(g => g.withTags(g.tags :+ (OtherTests -> 1)))
)

lazy val inCi = sys.env.get("CI").contains("true")

// the test JVMs of every module but cli
lazy val OtherTests = Tags.Tag("other-tests")

// Many suites wait on forked JVMs, sockets and timers rather than on the CPU, so two test JVMs run at once
// (sbt's default is one), and a compile is never held back by them: compiles keep a slot per core as before. In CI
// three: cli's two JVMs, and one other beside them; never more than two of the other modules' at once.
Global / concurrentRestrictions := Seq(
  Tags.limitAll(EvaluateTask.SystemProcessors + 3),
  Tags.limit(Tags.CPU, EvaluateTask.SystemProcessors),
  Tags.limit(Tags.ForkedTestGroup, if (inCi) 3 else 2),
  Tags.limit(OtherTests, 2),
  Tags.exclusiveGroup(Tags.Clean)
)

lazy val root = (project in file("."))
  .aggregate(
    core,
    orderbook,
    workload,
    trader,
    demo,
    bench,
    jmh,
    crdt,
    cluster,
    sweep,
    analytics,
    reporting,
    portal,
    backtest,
    venue,
    fix,
    cli
  )
  .settings(
    publish / skip := true,
    moduleGraph := ModuleGraph.write(baseDirectory.value.toPath, moduleEdges.value),
    checkModuleGraph := {
      val problems = ModuleGraph.problems(baseDirectory.value.toPath, moduleEdges.value)
      val log = streams.value.log
      problems.foreach(p => log.error(p))
      if (problems.nonEmpty) throw new MessageOnlyException(s"${problems.size} module graph problem(s)")
    }
  )

lazy val moduleGraph = taskKey[Unit]("writes docs/design.md's module graph from the build")
lazy val checkModuleGraph =
  taskKey[Unit](
    "fails when docs/design.md's module graph differs from the build or a module names one it does not depend on"
  )
lazy val moduleEdges = Def.task {
  ModuleGraph.edges(buildDependencies.value.classpath.map { case (ref, deps) =>
    ref.project -> deps.map(d => (d.project.project, d.configuration))
  })
}

// cats-effect for a command's runtime (mvt.core.console): its streams, inputs, outputs and exit statuses
lazy val core = (project in file("core")).settings(
  common,
  name := "mvt-core",
  libraryDependencies += "org.typelevel" %% "cats-effect" % V.catsEffect
)

// In CI (CI=true) a module with these settings starts its suites, CPU-bound and indifferent to a neighbour, only
// once cli's can: cli's two JVMs run longest, and would start minutes later if these early modules' suites held back
// the compiles cli waits for; they fill the third test slot beside cli's instead. Not locally: there
// `orderbook/testOnly` would compile every module first.
lazy val besideCliInCi =
  if (inCi)
    Seq(
      Test / testGrouping := (Test / testGrouping).dependsOn(LocalProject("cli") / Test / compile).value
    )
  else Seq.empty

lazy val orderbook = (project in file("orderbook"))
  .dependsOn(core % "compile->compile;test->test")
  .settings(
    common,
    besideCliInCi,
    name := "mvt-orderbook",
    // the long differential runs in a JVM of their own, beside the other suites rather than after them
    Test / testGrouping := (Test / testGrouping).value.flatMap { g =>
      val (long, rest) = g.tests.partition(_.name == "mvt.orderbook.DifferentialSuite")
      Seq(
        g.withName("orderbook: differential").withTests(long),
        g.withName("orderbook: the rest").withTests(rest)
      ).filter(_.tests.nonEmpty)
    }
  )

lazy val workload = (project in file("workload"))
  .dependsOn(orderbook % "compile->compile;test->test")
  .settings(common, besideCliInCi, name := "mvt-workload")

// its tests drive the traders with workload's generated sessions; its main code needs only the engine
lazy val trader = (project in file("trader"))
  .dependsOn(orderbook % "compile->compile;test->test", workload % "test->test")
  .settings(
    common,
    besideCliInCi,
    name := "mvt-trader",
    libraryDependencies ++= Seq(
      "org.typelevel" %% "cats-free" % V.cats,
      "org.typelevel" %% "cats-effect" % V.catsEffect,
      "org.hdrhistogram" % "HdrHistogram" % V.hdr
    )
  )

lazy val crdt = (project in file("crdt"))
  .settings(
    common,
    besideCliInCi,
    name := "mvt-crdt",
    libraryDependencies ++= Seq(
      "org.typelevel" %% "cats-kernel" % V.cats,
      "org.typelevel" %% "cats-kernel-laws" % V.cats % Test,
      // discipline-munit 2.0.0 pins a munit-scalacheck that this repository copy lacks; ours comes from testDeps.
      ("org.typelevel" %% "discipline-munit" % "2.0.0" % Test).exclude("org.scalameta", "munit-scalacheck_3")
    )
  )

// The trader cluster on Pekko: replicated balances and blacklist on Distributed Data, the consistency modes, the
// nodes and their roles. Every Pekko module at one version; slf4j at one version with a binding of the same.
lazy val cluster = (project in file("cluster"))
  // workload for the days the exchange node plays; its test fixtures generate them
  .dependsOn(crdt, trader, venue, workload % "compile->compile;test->test")
  .settings(
    common,
    name := "mvt-cluster",
    libraryDependencies ++= Seq(
      "org.apache.pekko" %% "pekko-actor-typed" % V.pekko,
      "org.apache.pekko" %% "pekko-cluster-typed" % V.pekko,
      "org.apache.pekko" %% "pekko-distributed-data" % V.pekko,
      "org.apache.pekko" %% "pekko-remote" % V.pekko,
      // the events a forked node reports to its parent, as JSON lines
      "io.circe" %% "circe-core" % V.circe,
      "io.circe" %% "circe-parser" % V.circe,
      "io.circe" %% "circe-generic" % V.circe,
      "org.apache.pekko" %% "pekko-actor-testkit-typed" % V.pekko % Test,
      "org.slf4j" % "slf4j-api" % V.slf4j,
      // the product's binding (slf4j-nop) comes with cli; tests print Pekko's warnings to stderr
      "org.slf4j" % "slf4j-simple" % V.slf4j % Test
    )
  )

// Backtest sweeps across a cluster of their own (`mvt backtest --cluster`, `mvt worker`): the trader cluster's node
// configuration and fork harness, the backtester's jobs. Its tests generate their days with backtest's fixtures.
lazy val sweep = (project in file("sweep"))
  .dependsOn(cluster % "compile->compile;test->test", backtest % "compile->compile;test->test")
  .settings(
    common,
    name := "mvt-sweep",
    libraryDependencies += "org.slf4j" % "slf4j-simple" % V.slf4j % Test
  )

lazy val analytics = (project in file("analytics"))
  .dependsOn(core)
  .settings(
    common,
    name := "mvt-analytics",
    libraryDependencies ++= Seq("org.typelevel" %% "spire" % "0.18.0")
  )

// The client reports: the pure fold, and its projections kept in SQLite (doobie) by following the feeds.
lazy val reporting = (project in file("reporting"))
  .dependsOn(core % "compile->compile;test->test")
  .settings(
    common,
    name := "mvt-reporting",
    libraryDependencies ++= Seq(
      "org.typelevel" %% "cats-effect" % V.catsEffect,
      "co.fs2" %% "fs2-io" % V.fs2,
      "org.tpolecat" %% "doobie-core" % V.doobie,
      "org.xerial" % "sqlite-jdbc" % V.sqlite
    )
  )

// The web portal and its JSON API over http4s Ember: wiring only, the figures come from `reporting`.
lazy val portal = (project in file("portal"))
  .dependsOn(reporting % "compile->compile;test->test")
  .settings(
    common,
    name := "mvt-portal",
    libraryDependencies ++= Seq(
      "org.http4s" %% "http4s-ember-server" % V.http4s,
      "org.http4s" %% "http4s-dsl" % V.http4s,
      "org.http4s" %% "http4s-circe" % V.http4s,
      "io.circe" %% "circe-core" % V.circe,
      "org.webjars.npm" % "uplot" % V.uplot,
      "org.http4s" %% "http4s-ember-client" % V.http4s % Test,
      "io.circe" %% "circe-parser" % V.circe % Test,
      "org.seleniumhq.selenium" % "selenium-java" % V.selenium % Test
    )
  )

// Strategies traded against recorded days through the real engine, one day per fiber (`mvt backtest`).
lazy val backtest = (project in file("backtest"))
  // reporting only for the tests, whose oracle for a day's PnL is the client-report fold
  .dependsOn(
    trader % "compile->compile;test->test",
    workload % "compile->compile;test->test",
    reporting % "test->compile"
  )
  .settings(
    common,
    name := "mvt-backtest",
    libraryDependencies ++= Seq(
      "org.typelevel" %% "cats-effect" % V.catsEffect,
      "io.circe" %% "circe-core" % V.circe,
      "io.circe" %% "circe-parser" % V.circe % Test,
      "org.webjars.npm" % "uplot" % "1.6.30"
    )
  )

// The product's demo (`mvt demo`): a timed replay, the client volumes, the trader leg, the cluster leg (forked
// nodes) and the client portal over the demo's days. No measurement harness.
lazy val demo = (project in file("demo"))
  .dependsOn(workload % "compile->compile;test->test", trader, reporting, cluster, portal, fix)
  .settings(common, name := "mvt-demo")

// Measurement that `mvt bench` runs; no JMH, so the product jar built through cli carries none.
lazy val bench = (project in file("bench"))
  .dependsOn(
    workload % "compile->compile;test->test",
    trader,
    crdt,
    cluster,
    analytics,
    reporting,
    portal,
    backtest,
    venue,
    fix
  )
  .settings(
    common,
    name := "mvt-bench",
    libraryDependencies ++= Seq(
      "org.hdrhistogram" % "HdrHistogram" % V.hdr,
      "org.typelevel" %% "cats-effect" % V.catsEffect,
      "io.circe" %% "circe-core" % V.circe,
      // the open-loop HTTP load generator's client; the server side only in its tests
      "org.http4s" %% "http4s-ember-client" % V.http4s,
      "org.http4s" %% "http4s-ember-server" % V.http4s % Test,
      "org.http4s" %% "http4s-dsl" % V.http4s % Test,
      "org.typelevel" %% "cats-effect-testkit" % V.catsEffect % Test,
      "io.circe" %% "circe-parser" % V.circe % Test
    ) ++ peerDeps
  )

// The JMH microbenchmarks: `./sbt "jmh/Jmh/run ..."`. Nothing depends on this module.
lazy val jmh = (project in file("jmh"))
  .dependsOn(bench, backtest)
  .enablePlugins(JmhPlugin)
  .settings(common, name := "mvt-jmh", publish / skip := true)

// The live venue: one sequencer, a write-ahead journal in the command-log format, group commit, recovery.
lazy val venue = (project in file("venue"))
  .dependsOn(workload % "compile->compile;test->test", reporting % "compile->compile;test->test")
  .settings(common, name := "mvt-venue")

// FIX 4.4 order entry on the venue through QuickFIX/J: an acceptor whose sessions submit to the venue's queue.
lazy val fix = (project in file("fix"))
  .dependsOn(venue % "compile->compile;test->test")
  .settings(
    common,
    name := "mvt-fix",
    libraryDependencies ++= Seq(
      // netty-tcnative (TLS through OpenSSL) is named with an OS-classifier property Maven cannot resolve here;
      // a plain socket acceptor and initiator need none of it
      ("org.quickfixj" % "quickfixj-core" % V.quickfixj).excludeAll(ExclusionRule("io.netty")),
      "org.quickfixj" % "quickfixj-messages-fix44" % V.quickfixj,
      "org.slf4j" % "slf4j-api" % V.slf4j,
      "org.slf4j" % "slf4j-nop" % V.slf4j % Test
    )
  )

// cli's suites that each fork a cluster (an exchange and traders) and play a day or several: their own test JVM
lazy val cliClusterDays = Set(
  "mvt.cli.NemesisSuite",
  "mvt.cli.PartitionSuite",
  "mvt.cli.ClusterCommandSuite",
  "mvt.cli.ClusterHistorySuite",
  "mvt.cli.ClusterDirSuite"
)

lazy val cli = (project in file("cli"))
  .dependsOn(
    bench % "compile->compile;test->test",
    demo,
    reporting,
    portal,
    backtest,
    // its tests drive a lone exchange node through cluster's test fixture
    cluster % "compile->compile;test->test",
    sweep,
    venue,
    fix
  )
  .settings(
    common,
    name := "mvt-cli",
    // its tests fork a hundred JVMs or so (cluster nodes, `mvt` runs): they map their library classes from one
    // archive made in the run (see mvt.cluster.fork.ForkArchive); other modules fork too few to repay making one
    Test / javaOptions += s"-Dmvt.fork.cds-dir=${target.value / "fork-cds"}",
    // two JVMs: the suites that play forked cluster days on timers, and the rest, so that cli's, the longest, do
    // not run one after another at the end of the build
    Test / testGrouping := (Test / testGrouping).value.flatMap { g =>
      val (days, rest) = g.tests.partition(t => cliClusterDays(t.name))
      val mine = g.tags.filterNot(_._1 == OtherTests)
      Seq(g.withName("cli: cluster days").withTests(days), g.withName("cli: the rest").withTests(rest))
        .filter(_.tests.nonEmpty)
        .map(_.withTags(mine))
    },
    // cluster's tests bring their own slf4j binding (slf4j-simple); cli's tests keep the product's (slf4j-nop)
    Test / dependencyClasspath := (Test / dependencyClasspath).value
      .filterNot(_.data.getName.startsWith("slf4j-simple")),
    libraryDependencies ++= Seq(
      "com.monovore" %% "decline" % V.decline,
      "org.typelevel" %% "cats-effect" % V.catsEffect,
      "io.circe" %% "circe-parser" % V.circe % Test
    ) ++ peerDeps,
    Compile / mainClass := Some("mvt.cli.Main"),
    assembly / mainClass := Some("mvt.cli.Main"),
    assembly / assemblyJarName := "mvt.jar",
    assembly / test := {},
    assembly / assemblyMergeStrategy := {
      case x if x.endsWith("module-info.class") => MergeStrategy.discard
      case PathList("META-INF", "versions", _ @_*) => MergeStrategy.first
      // two generations of IntelliJ's annotation jars arrive through exchange-core; compile-time only
      case PathList("org", "intellij", "lang", "annotations", _ @_*) => MergeStrategy.first
      case PathList("org", "jetbrains", "annotations", _ @_*) => MergeStrategy.first
      case x =>
        val old = (assembly / assemblyMergeStrategy).value
        old(x)
    }
  )
