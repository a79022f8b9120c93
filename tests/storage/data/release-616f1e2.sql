BEGIN TRANSACTION;
CREATE TABLE goldfix_dashboard_entries (
	dashboard_id VARCHAR(40) NOT NULL, 
	"index" INTEGER NOT NULL, 
	"transaction" JSON NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (dashboard_id, "index"), 
	FOREIGN KEY(dashboard_id) REFERENCES goldfix_dashboards (id) ON DELETE CASCADE
);
INSERT INTO "goldfix_dashboard_entries" VALUES('RgzaTJVA',1,'{"kind": "quickstart"}','2026-11-23 20:03:33.484316');
INSERT INTO "goldfix_dashboard_entries" VALUES('RgzaTJVA',2,'{"kind": "buy_asset", "player": 0, "asset": "drill_report", "broker": 1}','2026-11-23 20:03:33.488734');
INSERT INTO "goldfix_dashboard_entries" VALUES('RgzaTJVA',3,'{"kind": "goldfix_up"}','2026-11-23 20:03:33.491982');
INSERT INTO "goldfix_dashboard_entries" VALUES('RgzaTJVA',4,'{"kind": "production", "player": 2, "dice": 12, "drill_reports": 2}','2026-11-23 20:03:33.495166');
CREATE TABLE goldfix_dashboards (
	id VARCHAR(40) NOT NULL, 
	players JSON NOT NULL, 
	winner INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "goldfix_dashboards" VALUES('RgzaTJVA','["Alf", "Bryan", "Chris"]',1000,'2026-11-23 20:03:33.480547','2026-11-23 20:03:33.495405');
CREATE TABLE moves (
	table_id VARCHAR(40) NOT NULL, 
	"index" INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	action JSON NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (table_id, "index"), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "moves" VALUES('G2Ca18Jub8be',1,1,'{"type": "bid", "gold": 4}','2026-11-23 20:03:32.731139');
INSERT INTO "moves" VALUES('G2Ca18Jub8be',2,0,'{"type": "bid", "gold": 0}','2026-11-23 20:03:32.742143');
INSERT INTO "moves" VALUES('G2Ca18Jub8be',3,0,'{"type": "challenge", "accept": false}','2026-11-23 20:03:32.748974');
INSERT INTO "moves" VALUES('G2Ca18Jub8be',4,1,'{"type": "bid", "gold": 2}','2026-11-23 20:03:32.750658');
INSERT INTO "moves" VALUES('G2Ca18Jub8be',5,0,'{"type": "bid", "gold": 0}','2026-11-23 20:03:32.756567');
INSERT INTO "moves" VALUES('0H1RNBtGM8kX',1,0,'{"type": "bid", "gold": 0}','2026-11-23 20:03:32.765968');
INSERT INTO "moves" VALUES('0H1RNBtGM8kX',2,1,'{"type": "bid", "gold": 0}','2026-11-23 20:03:32.773389');
INSERT INTO "moves" VALUES('0H1RNBtGM8kX',3,0,'{"type": "bid", "gold": 0}','2026-11-23 20:03:32.779316');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',1,0,'{"type": "place", "x": 0, "y": -1, "rotation": 2}','2026-11-23 20:03:32.797658');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',2,0,'{"type": "follower", "feature": 0}','2026-11-23 20:03:32.799274');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',3,1,'{"type": "place", "x": 0, "y": -2, "rotation": 1}','2026-11-23 20:03:32.803341');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',4,1,'{"type": "follower", "feature": 5}','2026-11-23 20:03:32.804711');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',5,0,'{"type": "place", "x": 1, "y": 0, "rotation": 2}','2026-11-23 20:03:32.808602');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',6,0,'{"type": "follower", "feature": 3}','2026-11-23 20:03:32.810183');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',7,1,'{"type": "place", "x": 1, "y": -2, "rotation": 3}','2026-11-23 20:03:32.813082');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',8,1,'{"type": "follower", "feature": 0}','2026-11-23 20:03:32.814425');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',9,0,'{"type": "place", "x": 2, "y": 0, "rotation": 0}','2026-11-23 20:03:32.816994');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',10,0,'{"type": "follower", "feature": 0}','2026-11-23 20:03:32.818316');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',11,1,'{"type": "place", "x": 1, "y": -3, "rotation": 3}','2026-11-23 20:03:32.821205');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',12,1,'{"type": "pass"}','2026-11-23 20:03:32.822512');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',13,0,'{"type": "place", "x": 1, "y": -1, "rotation": 1}','2026-11-23 20:03:32.829552');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',14,0,'{"type": "gold", "x": 1, "y": 0}','2026-11-23 20:03:32.831673');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',15,0,'{"type": "follower", "feature": 1}','2026-11-23 20:03:32.832924');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',16,1,'{"type": "place", "x": 1, "y": -4, "rotation": 3}','2026-11-23 20:03:32.836581');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',17,1,'{"type": "follower", "feature": 1}','2026-11-23 20:03:32.837878');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',18,0,'{"type": "place", "x": 2, "y": -1, "rotation": 0}','2026-11-23 20:03:32.839141');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',19,1,'{"type": "place", "x": -1, "y": -2, "rotation": 0}','2026-11-23 20:03:32.842530');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',20,1,'{"type": "follower", "feature": 0}','2026-11-23 20:03:32.843934');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',21,0,'{"type": "place", "x": 2, "y": -3, "rotation": 1}','2026-11-23 20:03:32.848076');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',22,0,'{"type": "follower", "feature": 0}','2026-11-23 20:03:32.849692');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',23,1,'{"type": "place", "x": -2, "y": -2, "rotation": 1}','2026-11-23 20:03:32.856166');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',24,1,'{"type": "follower", "feature": 0}','2026-11-23 20:03:32.857687');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',25,0,'{"type": "place", "x": -1, "y": -1, "rotation": 0}','2026-11-23 20:03:32.859868');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',26,0,'{"type": "follower", "feature": 0}','2026-11-23 20:03:32.861033');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',27,1,'{"type": "place", "x": -3, "y": -2, "rotation": 2}','2026-11-23 20:03:32.865565');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',28,1,'{"type": "pass"}','2026-11-23 20:03:32.866911');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',29,0,'{"type": "place", "x": -1, "y": 0, "rotation": 0}','2026-11-23 20:03:32.879352');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',30,0,'{"type": "gold", "x": 0, "y": 0}','2026-11-23 20:03:32.881365');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',31,0,'{"type": "follower", "feature": 0}','2026-11-23 20:03:32.882750');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',32,1,'{"type": "place", "x": 0, "y": 1, "rotation": 0}','2026-11-23 20:03:32.885739');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',33,1,'{"type": "follower", "feature": 0}','2026-11-23 20:03:32.887124');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',34,0,'{"type": "place", "x": 3, "y": -3, "rotation": 0}','2026-11-23 20:03:32.893709');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',35,0,'{"type": "pass"}','2026-11-23 20:03:32.895554');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',36,1,'{"type": "place", "x": -3, "y": -3, "rotation": 0}','2026-11-23 20:03:32.904335');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',37,1,'{"type": "follower", "feature": 2}','2026-11-23 20:03:32.906191');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',38,0,'{"type": "place", "x": -2, "y": 0, "rotation": 1}','2026-11-23 20:03:32.911162');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',39,0,'{"type": "follower", "feature": 0}','2026-11-23 20:03:32.912717');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',40,1,'{"type": "place", "x": -4, "y": -3, "rotation": 3}','2026-11-23 20:03:32.925271');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',41,1,'{"type": "follower", "feature": 0}','2026-11-23 20:03:32.926790');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',42,0,'{"type": "place", "x": -2, "y": 1, "rotation": 1}','2026-11-23 20:03:32.929074');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',43,1,'{"type": "place", "x": -3, "y": -4, "rotation": 2}','2026-11-23 20:03:32.939070');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',44,1,'{"type": "follower", "feature": 1}','2026-11-23 20:03:32.940867');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',45,0,'{"type": "place", "x": -2, "y": 2, "rotation": 3}','2026-11-23 20:03:32.944498');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',46,1,'{"type": "place", "x": -3, "y": -5, "rotation": 0}','2026-11-23 20:03:32.948953');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',47,0,'{"type": "place", "x": -1, "y": 1, "rotation": 1}','2026-11-23 20:03:32.952058');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',48,1,'{"type": "place", "x": -4, "y": -5, "rotation": 0}','2026-11-23 20:03:32.955751');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',49,0,'{"type": "place", "x": -1, "y": 2, "rotation": 2}','2026-11-23 20:03:32.960431');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',50,0,'{"type": "gold", "x": -2, "y": 2}','2026-11-23 20:03:32.962193');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',51,1,'{"type": "place", "x": 0, "y": 2, "rotation": 3}','2026-11-23 20:03:32.974573');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',52,1,'{"type": "follower", "feature": 0}','2026-11-23 20:03:32.976230');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',53,0,'{"type": "place", "x": -2, "y": -4, "rotation": 0}','2026-11-23 20:03:32.983190');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',54,0,'{"type": "follower", "feature": 0}','2026-11-23 20:03:32.985542');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',55,1,'{"type": "place", "x": -1, "y": 3, "rotation": 0}','2026-11-23 20:03:32.990601');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',56,0,'{"type": "place", "x": -1, "y": -4, "rotation": 1}','2026-11-23 20:03:32.995318');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',57,1,'{"type": "place", "x": -2, "y": 3, "rotation": 3}','2026-11-23 20:03:33.001957');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',58,1,'{"type": "follower", "feature": 3}','2026-11-23 20:03:33.004614');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',59,0,'{"type": "place", "x": 2, "y": -2, "rotation": 1}','2026-11-23 20:03:33.008474');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',60,1,'{"type": "place", "x": 1, "y": 2, "rotation": 0}','2026-11-23 20:03:33.012879');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',61,0,'{"type": "place", "x": -2, "y": -1, "rotation": 0}','2026-11-23 20:03:33.018593');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',62,1,'{"type": "place", "x": 0, "y": 3, "rotation": 0}','2026-11-23 20:03:33.021616');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',63,0,'{"type": "place", "x": 1, "y": 3, "rotation": 1}','2026-11-23 20:03:33.034457');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',64,0,'{"type": "follower", "feature": 0}','2026-11-23 20:03:33.035916');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',65,1,'{"type": "place", "x": -4, "y": -2, "rotation": 3}','2026-11-23 20:03:33.046700');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',66,1,'{"type": "gold", "x": -3, "y": -3}','2026-11-23 20:03:33.048133');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',67,0,'{"type": "place", "x": -4, "y": -1, "rotation": 0}','2026-11-23 20:03:33.067245');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',68,0,'{"type": "follower", "feature": 0}','2026-11-23 20:03:33.068920');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',69,1,'{"type": "place", "x": -5, "y": -3, "rotation": 0}','2026-11-23 20:03:33.074230');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',70,0,'{"type": "place", "x": 3, "y": -1, "rotation": 3}','2026-11-23 20:03:33.078184');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',71,1,'{"type": "place", "x": -4, "y": -4, "rotation": 2}','2026-11-23 20:03:33.083574');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',72,0,'{"type": "place", "x": -5, "y": -2, "rotation": 2}','2026-11-23 20:03:33.088538');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',73,1,'{"type": "place", "x": -3, "y": 0, "rotation": 0}','2026-11-23 20:03:33.093285');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',74,0,'{"type": "place", "x": -1, "y": -5, "rotation": 0}','2026-11-23 20:03:33.097351');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',75,0,'{"type": "follower", "feature": 5}','2026-11-23 20:03:33.099176');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',76,1,'{"type": "place", "x": 1, "y": 1, "rotation": 0}','2026-11-23 20:03:33.102296');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',77,0,'{"type": "place", "x": 0, "y": 4, "rotation": 0}','2026-11-23 20:03:33.110003');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',78,0,'{"type": "gold", "x": 0, "y": 3}','2026-11-23 20:03:33.113092');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',79,0,'{"type": "follower", "feature": 0}','2026-11-23 20:03:33.114935');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',80,1,'{"type": "place", "x": -6, "y": -3, "rotation": 0}','2026-11-23 20:03:33.123168');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',81,1,'{"type": "follower", "feature": 0}','2026-11-23 20:03:33.124736');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',82,0,'{"type": "place", "x": 0, "y": 5, "rotation": 1}','2026-11-23 20:03:33.128887');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',83,1,'{"type": "place", "x": -7, "y": -3, "rotation": 1}','2026-11-23 20:03:33.133605');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',84,0,'{"type": "place", "x": 2, "y": 2, "rotation": 0}','2026-11-23 20:03:33.138897');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',85,1,'{"type": "place", "x": -5, "y": -4, "rotation": 2}','2026-11-23 20:03:33.144400');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',86,0,'{"type": "place", "x": -5, "y": -1, "rotation": 0}','2026-11-23 20:03:33.147062');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',87,1,'{"type": "place", "x": -4, "y": 0, "rotation": 3}','2026-11-23 20:03:33.160814');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',88,1,'{"type": "follower", "feature": 3}','2026-11-23 20:03:33.162594');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',89,0,'{"type": "place", "x": 3, "y": -4, "rotation": 3}','2026-11-23 20:03:33.166148');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',90,1,'{"type": "place", "x": -6, "y": -4, "rotation": 0}','2026-11-23 20:03:33.169090');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',91,0,'{"type": "place", "x": 0, "y": -3, "rotation": 1}','2026-11-23 20:03:33.172674');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',92,1,'{"type": "place", "x": -5, "y": 0, "rotation": 1}','2026-11-23 20:03:33.182454');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',93,1,'{"type": "follower", "feature": 0}','2026-11-23 20:03:33.183861');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',94,0,'{"type": "place", "x": 2, "y": 3, "rotation": 1}','2026-11-23 20:03:33.187446');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',95,1,'{"type": "place", "x": -7, "y": -2, "rotation": 2}','2026-11-23 20:03:33.196747');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',96,1,'{"type": "follower", "feature": 3}','2026-11-23 20:03:33.199616');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',97,0,'{"type": "place", "x": -1, "y": 5, "rotation": 3}','2026-11-23 20:03:33.207362');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',98,1,'{"type": "place", "x": -6, "y": -1, "rotation": 1}','2026-11-23 20:03:33.210666');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',99,0,'{"type": "place", "x": -6, "y": -5, "rotation": 2}','2026-11-23 20:03:33.221868');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',100,0,'{"type": "follower", "feature": 0}','2026-11-23 20:03:33.223669');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',101,1,'{"type": "place", "x": 1, "y": 5, "rotation": 2}','2026-11-23 20:03:33.229740');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',102,0,'{"type": "place", "x": 1, "y": 6, "rotation": 0}','2026-11-23 20:03:33.244628');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',103,0,'{"type": "follower", "feature": 0}','2026-11-23 20:03:33.246187');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',104,1,'{"type": "place", "x": -7, "y": -4, "rotation": 1}','2026-11-23 20:03:33.249740');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',105,0,'{"type": "place", "x": -7, "y": -5, "rotation": 0}','2026-11-23 20:03:33.259918');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',106,0,'{"type": "follower", "feature": 1}','2026-11-23 20:03:33.261698');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',107,1,'{"type": "place", "x": 3, "y": 3, "rotation": 0}','2026-11-23 20:03:33.266348');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',108,0,'{"type": "place", "x": 2, "y": 1, "rotation": 0}','2026-11-23 20:03:33.272462');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',109,0,'{"type": "follower", "feature": 0}','2026-11-23 20:03:33.273970');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',110,1,'{"type": "place", "x": -1, "y": -3, "rotation": 0}','2026-11-23 20:03:33.277992');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',111,0,'{"type": "place", "x": 2, "y": 4, "rotation": 0}','2026-11-23 20:03:33.284598');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',112,0,'{"type": "gold", "x": 1, "y": 3}','2026-11-23 20:03:33.286211');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',113,1,'{"type": "place", "x": 2, "y": 5, "rotation": 2}','2026-11-23 20:03:33.293798');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',114,0,'{"type": "place", "x": 3, "y": -5, "rotation": 1}','2026-11-23 20:03:33.297101');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',115,1,'{"type": "place", "x": -3, "y": 2, "rotation": 0}','2026-11-23 20:03:33.300192');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',116,0,'{"type": "place", "x": 3, "y": -6, "rotation": 2}','2026-11-23 20:03:33.307863');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',117,1,'{"type": "place", "x": 4, "y": 3, "rotation": 2}','2026-11-23 20:03:33.311462');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',118,0,'{"type": "place", "x": 3, "y": 4, "rotation": 0}','2026-11-23 20:03:33.317598');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',119,0,'{"type": "gold", "x": 2, "y": 3}','2026-11-23 20:03:33.320383');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',120,1,'{"type": "place", "x": -7, "y": -6, "rotation": 3}','2026-11-23 20:03:33.324418');
INSERT INTO "moves" VALUES('g-5P3ZwTG_Mu',121,0,'{"type": "place", "x": 3, "y": 1, "rotation": 0}','2026-11-23 20:03:33.329306');
INSERT INTO "moves" VALUES('-_iG2nrk02ay',1,1,'{"type": "price", "dollars": 7}','2026-11-23 20:03:33.382126');
INSERT INTO "moves" VALUES('-_iG2nrk02ay',2,0,'{"type": "price", "dollars": 0}','2026-11-23 20:03:33.388806');
INSERT INTO "moves" VALUES('-_iG2nrk02ay',3,2,'{"type": "price", "dollars": 0}','2026-11-23 20:03:33.396904');
INSERT INTO "moves" VALUES('-_iG2nrk02ay',4,1,'{"type": "partner", "player": 1}','2026-11-23 20:03:33.398538');
INSERT INTO "moves" VALUES('-_iG2nrk02ay',5,1,'{"type": "price", "dollars": 12}','2026-11-23 20:03:33.400241');
INSERT INTO "moves" VALUES('-_iG2nrk02ay',6,0,'{"type": "price", "dollars": 0}','2026-11-23 20:03:33.405860');
INSERT INTO "moves" VALUES('-_iG2nrk02ay',7,2,'{"type": "price", "dollars": 0}','2026-11-23 20:03:33.413638');
INSERT INTO "moves" VALUES('-_iG2nrk02ay',8,1,'{"type": "partner", "player": 3}','2026-11-23 20:03:33.415026');
INSERT INTO "moves" VALUES('-_iG2nrk02ay',9,0,'{"type": "pass"}','2026-11-23 20:03:33.421223');
INSERT INTO "moves" VALUES('-_iG2nrk02ay',10,1,'{"type": "propose", "boss": "Hazel"}','2026-11-23 20:03:33.424402');
INSERT INTO "moves" VALUES('-_iG2nrk02ay',11,1,'{"type": "vote", "yes": true}','2026-11-23 20:03:33.426489');
CREATE TABLE seats (
	table_id VARCHAR(40) NOT NULL, 
	seat INTEGER NOT NULL, 
	name VARCHAR(60) NOT NULL, 
	agent VARCHAR(120) NOT NULL, 
	token_hash VARCHAR(64), 
	PRIMARY KEY (table_id, seat), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "seats" VALUES('G2Ca18Jub8be',0,'Player 1','human','be7c5004dce33c776143fb16785759086b04a3621c72a31615751c852be3b972');
INSERT INTO "seats" VALUES('G2Ca18Jub8be',1,'random 2','random',NULL);
INSERT INTO "seats" VALUES('0H1RNBtGM8kX',0,'Player 1','human','56b87195c2baa7b46896c6a05d0761ca17523a1b77d240088bc88e4959701d49');
INSERT INTO "seats" VALUES('0H1RNBtGM8kX',1,'Player 2','human','4a30b9e3ce75b6b82c2ecf94b7d0ad8efb991876514cf418fe3c8e546a27990b');
INSERT INTO "seats" VALUES('g-5P3ZwTG_Mu',0,'heuristic 1','heuristic',NULL);
INSERT INTO "seats" VALUES('g-5P3ZwTG_Mu',1,'heuristic 2','heuristic',NULL);
INSERT INTO "seats" VALUES('-_iG2nrk02ay',0,'Player 1','human','34860281c23af1b40c1a8c164362c104e31307bc2b11c07010b9096f6c5a38e0');
INSERT INTO "seats" VALUES('-_iG2nrk02ay',1,'heuristic 2','heuristic',NULL);
INSERT INTO "seats" VALUES('-_iG2nrk02ay',2,'Player 3','human','75b19175c9fd1544d4418dc7bc9fd04c0ef74871463581eec4e16c302e97400c');
CREATE TABLE tables (
	id VARCHAR(40) NOT NULL, 
	game VARCHAR(40) NOT NULL, 
	rules_version VARCHAR(20) NOT NULL, 
	options JSON NOT NULL, 
	settings JSON NOT NULL, 
	seed BIGINT NOT NULL, 
	status VARCHAR(16) NOT NULL, 
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	result JSON, 
	PRIMARY KEY (id)
);
INSERT INTO "tables" VALUES('G2Ca18Jub8be','nuggets','1','{"rounds": 5, "start_gold": 6, "challenges": true}','{"decision_timer": 0, "bot_delay_ms": 0}',11,'running','2026-11-23 20:03:32.726709','2026-11-23 20:03:32.756974',NULL);
INSERT INTO "tables" VALUES('0H1RNBtGM8kX','nuggets','1','{"rounds": 5, "start_gold": 6, "challenges": true}','{"decision_timer": 20, "bot_delay_ms": 0}',12,'running','2026-11-23 20:03:32.759584','2026-11-23 20:03:32.779567',NULL);
INSERT INTO "tables" VALUES('g-5P3ZwTG_Mu','carcassonne','1','{"goldmines": true, "components": ""}','{"decision_timer": 0, "bot_delay_ms": 0}',13,'finished','2026-11-23 20:03:32.794842','2026-11-23 20:03:33.329614','{"scores": [127.0, 97.0], "ranking": [[0], [1]]}');
INSERT INTO "tables" VALUES('-_iG2nrk02ay','goodwill','1','{"start_year": 1953, "dividends": false, "cash_only": false}','{"decision_timer": 0, "bot_delay_ms": 0}',14,'running','2026-11-23 20:03:33.379523','2026-11-23 20:03:33.426776',NULL);
CREATE INDEX ix_tables_game ON tables (game);
CREATE INDEX ix_tables_status ON tables (status);
COMMIT;
