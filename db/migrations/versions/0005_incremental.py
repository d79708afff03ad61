"""incremental loads

Revision ID: 0005
Revises: 0004
"""

from alembic import op
import sqlalchemy as sa
import db.types


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('catalog_files',
    sa.Column('path', sa.String(length=500), nullable=False),
    sa.Column('sha256', sa.String(length=64), nullable=False),
    sa.PrimaryKeyConstraint('path', name=op.f('pk_catalog_files'))
    )
    op.create_table('state',
    sa.Column('key', sa.String(length=60), nullable=False),
    sa.Column('value', sa.Text(), nullable=False),
    sa.PrimaryKeyConstraint('key', name=op.f('pk_state'))
    )
    with op.batch_alter_table('derivations', schema=None) as batch_op:
        batch_op.add_column(sa.Column('owner', sa.String(length=120), nullable=False, server_default=''))
        batch_op.create_index(batch_op.f('ix_derivations_owner'), ['owner'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('derivations', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_derivations_owner'))
        batch_op.drop_column('owner')

    op.drop_table('state')
    op.drop_table('catalog_files')
