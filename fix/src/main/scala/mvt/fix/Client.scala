package mvt.fix

import mvt.core.{Account, PasswordHash}

/** A client allowed to trade: the SenderCompID its sessions log on with, the account its orders belong to, its password's hash. */
final case class Client(compId: String, account: Account, password: PasswordHash) {

  /** Its line in the clients file. */
  def render: String = s"$compId,${account.value},${ClientsFile.render(password)}"
}
