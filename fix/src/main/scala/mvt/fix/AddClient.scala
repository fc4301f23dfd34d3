package mvt.fix

import cats.effect.{ExitCode, IO}
import mvt.core.console.{Status, Terminal}

import java.nio.file.Path

/** `mvt venue add-client`: a client added to the clients file, its password one line of standard input. */
object AddClient {

  /** Adds `compId` trading for `account`; a bad clients file is status 2, any other refusal status 1. */
  def run(file: Path, compId: String, account: String, t: Terminal): IO[ExitCode] =
    IO.blocking(ClientsFile.register(file, compId, account, t.in)).flatMap {
      case Right(c) =>
        IO(t.err.println(s"mvt venue add-client: added $compId (account ${c.account.value}) to $file"))
          .as(ExitCode.Success)
      case Left(e) =>
        val status = e match {
          case _: ClientsFile.RegisterError.BadFile => Status.BadData
          case _ => Status.Failure
        }
        IO(t.err.println(s"mvt venue add-client: ${e.message}")).as(status)
    }
}
