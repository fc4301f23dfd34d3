package mvt.cluster

import munit.FunSuite
import org.apache.pekko.actor.typed.ActorSystem
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.cluster.MemberStatus
import org.apache.pekko.cluster.typed.{Cluster, Join}

import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
import scala.concurrent.Await
import scala.concurrent.duration.*

/** Nodes on Artery over mutual TLS: the cluster's nodes join each other; a node with a foreign certificate cannot. */
class ArteryTlsSuite extends FunSuite {

  // three TLS nodes forming, an intruder refused and every node terminated: past munit's default 30 s on a busy machine
  override val munitTimeout: Duration = 3.minutes

  private val dir = Files.createTempDirectory("artery-tls")
  private val password = "changeit-" + java.util.UUID.randomUUID()
  private val passwordFile =
    Files.write(dir.resolve("password"), (password + "\n").getBytes(StandardCharsets.UTF_8))

  // a PKCS#12 store with one self-signed key, made by the JDK's keytool
  private def keyStore(name: String): Path = {
    val ks = dir.resolve(s"$name.p12")
    val keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString
    val p = new ProcessBuilder(
      keytool,
      "-genkeypair",
      "-alias",
      name,
      "-keyalg",
      "EC",
      "-groupname",
      "secp256r1",
      "-validity",
      "2",
      "-dname",
      s"CN=$name",
      "-storetype",
      "PKCS12",
      "-keystore",
      ks.toString,
      "-storepass:file",
      passwordFile.toString
    ).redirectErrorStream(true).start()
    val out = new String(p.getInputStream.readAllBytes(), StandardCharsets.UTF_8)
    assertEquals(p.waitFor(), 0, out)
    ks
  }

  private lazy val ours = ArteryTls.load(keyStore("cluster"), None, passwordFile).fold(e => fail(e), identity)
  private lazy val foreign =
    ArteryTls.load(keyStore("intruder"), None, passwordFile).fold(e => fail(e), identity)

  private def node(tls: ArteryTls): ActorSystem[Nothing] =
    ActorSystem(
      Behaviors.empty[Nothing],
      NodeConfig.SystemName,
      NodeConfig("127.0.0.1", 0, Seq("trader"), testMode = false, downAfter = None, tls = Some(tls))
    )

  private def up(s: ActorSystem[?]): Int = Cluster(s).state.members.count(_.status == MemberStatus.Up)

  test("nodes holding the cluster's certificate form a cluster over TLS; a foreign certificate cannot join") {
    val a = node(ours)
    val b = node(ours)
    val intruder = node(foreign)
    try {
      val seed = Cluster(a).selfMember.address
      assertEquals(seed.protocol, "pekko")
      Cluster(a).manager ! Join(seed)
      Cluster(b).manager ! Join(seed)
      Eventually("both nodes of the cluster up")(up(a) == 2 && up(b) == 2)
      Cluster(intruder).manager ! Join(seed)
      // the intruder keeps trying; meanwhile the cluster must go on without it, and it never sees itself up
      Thread.sleep(5000)
      assertEquals(up(a), 2)
      assert(Cluster(a).state.members.forall(_.address != Cluster(intruder).selfMember.address))
      assertEquals(up(intruder), 0)
    } finally {
      Seq(a, b, intruder).foreach(_.terminate())
      Seq(a, b, intruder).foreach(s => Await.ready(s.whenTerminated, 30.seconds))
    }
  }

  // a trader node of the cluster as `mvt node` starts one, over TLS with `tls`
  private def settings(tls: ArteryTls, seeds: Vector[String]) =
    ClusterNode.Settings(
      NodeRole.Trader,
      "127.0.0.1",
      0,
      seeds,
      Consistency.Bounded,
      Vector.empty,
      1000L,
      20.millis,
      1.second,
      None,
      testMode = false,
      tls = Some(tls)
    )

  test("a cluster node started with TLS takes a node holding the cluster's certificate and refuses another") {
    val seed = ClusterNode.start(settings(ours, Vector.empty), _ => ())
    try {
      val refused = intercept[IllegalStateException](
        ClusterNode.start(settings(foreign, Vector(seed.name)), _ => (), upWithin = 8.seconds)
      )
      assert(refused.getMessage.contains("not up within"), refused.getMessage)
      val member = ClusterNode.start(settings(ours, Vector(seed.name)), _ => ())
      try Eventually("the node with the cluster's certificate up")(up(seed.system) == 2)
      finally member.close()
    } finally seed.close()
  }

  test("the settings name the file at fault, and never show the password") {
    val missing = dir.resolve("none.p12")
    assertEquals(
      ArteryTls.load(missing, None, passwordFile),
      Left(s"$missing: the TLS key store does not exist or cannot be read")
    )
    val empty = Files.write(dir.resolve("empty"), Array.emptyByteArray)
    assertEquals(
      ArteryTls.load(passwordFile, None, empty),
      Left(s"$empty: the TLS password file's first line is empty")
    )
    assert(!ours.toString.contains(password))
  }
}
